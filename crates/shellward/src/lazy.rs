//! Subcommands whose arguments clap builds only when it enters them.
//!
//! clap's derive builds every subcommand's arguments before parsing, so a
//! hook call paid for `check`'s, `run`'s and `install`'s: about a tenth of
//! the process (0.13 ms of the hook's 1.6 ms, measured against a build that
//! skipped clap). [`Lazy`] hands a subcommand's arguments to
//! [`clap::Command::defer`], which clap runs only for the subcommand the
//! command line names (and for `--help` and completions, which need them).

use std::ops::{Deref, DerefMut};

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};

/// `T`'s arguments (or subcommands), built when clap enters the
/// subcommand that holds them.
#[derive(Debug)]
pub struct Lazy<T>(pub T);

impl<T> Deref for Lazy<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Lazy<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Lazy)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn augment_args(cmd: Command) -> Command {
        cmd.defer(T::augment_args)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(T::augment_args_for_update)
    }
}

impl<T: Subcommand> Subcommand for Lazy<T> {
    fn augment_subcommands(cmd: Command) -> Command {
        cmd.defer(T::augment_subcommands)
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        cmd.defer(T::augment_subcommands_for_update)
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}
