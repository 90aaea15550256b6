//! The effect rows: one per effect of a program, grouped in packs, each
//! with its examples (a command and the worst severity it must get; `-`
//! for none). Sorted by program; a program's rows go from the most
//! specific to the most general, and the first that applies wins
//! (`git push --force` before `git push`). A test holds the order and
//! every example.
//!
//! A row applies when its program and subcommand words (`path`, found in
//! order among the words that are not options) are there and every
//! condition in `when` holds. Its targets are placed ([`crate::scope`]) and
//! its severity adjusted by [`Grade`].

use schemars::JsonSchema;
use serde::Serialize;

use crate::scope::{self, Scope};
use crate::{Action, Args, Context, Effect, Severity};

/// A group of rows that can be switched off together (`guard.packs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Pack {
    /// Deleting, overwriting and re-permissioning files; devices.
    Filesystem,
    /// Version control: discarded work, rewritten or published history.
    Git,
    /// SQL and key-value databases.
    Database,
    /// Cloud command-line tools (AWS, Google Cloud, Azure, ...).
    Cloud,
    /// Kubernetes and Helm.
    Kubernetes,
    /// Docker and Podman.
    Containers,
    /// Infrastructure as code (Terraform, OpenTofu, Pulumi, ...).
    Iac,
    /// Package registries: publishing what cannot be unpublished.
    Publish,
    /// Processes, services, the machine itself.
    System,
    /// Interpreters running inline code.
    Code,
    /// Secrets managers (Vault, 1Password, Doppler, cloud secret stores).
    Secrets,
    /// Backup and storage tools (restic, borg, velero, rclone) and the
    /// services that keep data in queues and topics.
    Backup,
}

impl Pack {
    /// Every pack, in the order the settings list them.
    pub const ALL: &[Pack] = &[
        Pack::Filesystem,
        Pack::Git,
        Pack::Database,
        Pack::Cloud,
        Pack::Kubernetes,
        Pack::Containers,
        Pack::Iac,
        Pack::Publish,
        Pack::System,
        Pack::Code,
        Pack::Secrets,
        Pack::Backup,
    ];

    /// The settings name (`guard.packs.git`).
    pub fn as_str(self) -> &'static str {
        match self {
            Pack::Filesystem => "filesystem",
            Pack::Git => "git",
            Pack::Database => "database",
            Pack::Cloud => "cloud",
            Pack::Kubernetes => "kubernetes",
            Pack::Containers => "containers",
            Pack::Iac => "iac",
            Pack::Publish => "publish",
            Pack::System => "system",
            Pack::Code => "code",
            Pack::Secrets => "secrets",
            Pack::Backup => "backup",
        }
    }
}

/// A condition on a command's arguments.
#[derive(Debug, Clone, Copy)]
pub enum Cond {
    /// One of these options, in any spelling ([`Args::has`]).
    Opt(&'static [&'static str]),
    /// None of these options written out plainly ([`Args::has_exactly`]):
    /// what lowers a severity.
    Not(&'static [&'static str]),
    /// An operand (after the row's path) starting with this.
    OperandStarts(&'static str),
    /// An operand (after the row's path) equal to one of these.
    Operand(&'static [&'static str]),
    /// An argument word equal to one of these, option or not (`kill -1`).
    Word(&'static [&'static str]),
    /// No operand after the row's path (`git stash` alone).
    NoOperand,
    /// A `--` ended the options (`git checkout -- PATH`).
    DashDash,
    /// The last operand is one of these (`mv x /dev/null`).
    LastOperand(&'static [&'static str]),
    /// An operand (after the row's path) equal to one of these, ignoring
    /// case (Redis commands).
    OperandNoCase(&'static [&'static str]),
    /// An argument word containing this (`-c remote.origin.push=+refs/...`).
    WordContains(&'static str),
    /// At least this many operands after the row's path.
    Operands(usize),
    /// An operand (after the row's path) that is one of these words or an
    /// abbreviation of one, two letters or more (parted takes any prefix:
    /// `mkla` is `mklabel`).
    Abbreviates(&'static [&'static str]),
    /// An operand (after the row's path) containing one of these, ignoring
    /// case (git configuration keys: `core.fsmonitor`, `alias.`).
    OperandContains(&'static [&'static str]),
    /// `rm` will not prompt: the last of its `-i`/`-I` and `-f` options is
    /// not a prompt ([`rm_prompts`]).
    NotPrompting,
    /// No argument word equal to one of these, ignoring case, wherever it
    /// is: a switch that takes no value and lowers a severity (PowerShell's
    /// `-WhatIf`).
    NoWord(&'static [&'static str]),
    /// A word expanded when the command runs may be options
    /// ([`Args::open`]); what is written out is read by the rules and the
    /// lenient reading, which name what it runs.
    Open,
    /// An operand (after the row's path) that names a file or directory
    /// that exists (`git checkout src`: a path, not a branch), or any
    /// operand where the working directory is only known when it runs.
    OperandExists,
    /// A refspec that moves a local ref by force: `+SRC:DST`, or `SRC:DST`
    /// with `-f`/`--force`, where `DST` is not a remote-tracking ref
    /// (`refs/remotes/...`), which fetches move anyway.
    ForcedLocalRef,
    /// The command's standard input is fed (a pipe, a file, a
    /// here-document): what the program asks is answered by that, not by a
    /// person (`yes | unzip x.zip`).
    Fed,
}

/// What the row's targets are.
#[derive(Debug, Clone, Copy)]
pub enum Targets {
    /// None named (a remote resource, the repository).
    None,
    /// The operands after the row's path, as paths.
    Paths,
    /// The last operand, as a path (`cp SRC... DEST`).
    LastPath,
    /// The value of the last `key=` word, as a path (`dd of=`).
    Value(&'static str),
    /// find's starting points: the operands before its expression.
    FindRoots,
    /// The values of these options, as paths (`curl -o FILE`, `--output=FILE`).
    OptionValue(&'static [&'static str]),
    /// The operands, as paths, without the values of these options
    /// (`truncate -s 0 FILE`).
    PathsSkipping(&'static [&'static str]),
    /// The values of these options, as directories, or the working
    /// directory where none is given (`tar -x -C DIR`, `unzip -d DIR`).
    Directory(&'static [&'static str]),
}

/// How the targets' place changes the row's severity. Everywhere, a
/// device makes it catastrophic and nowhere (`/dev/null`) write.
#[derive(Debug, Clone, Copy)]
pub enum Grade {
    /// The row's severity whatever the targets.
    Fixed,
    /// A tree: catastrophic where wide (the root, a system directory, the
    /// home, the workspace root), at least destructive where not known,
    /// write where disposable (temporary, build output).
    Tree,
    /// A tree narrowed by a filter (`find -name X -delete`): as [`Tree`],
    /// but at most destructive where wide.
    Scoped,
    /// One file: at least destructive for the root, a top-level system
    /// directory, the home or workspace root itself, and sensitive files
    /// (credentials, start-up files, repository internals); write where
    /// disposable; else the row's.
    File,
    /// Files moved away from where they were (`mv`): as [`File`], and at
    /// least destructive anywhere outside the workspace or not known.
    Move,
    /// Files of names the command does not give (an archive's members)
    /// written into a directory: at least destructive where that directory
    /// is the root, a system directory or under one, the home itself, a
    /// sensitive one, or not known (its dot-files, `.ssh`, `bin` may be
    /// among the names); write where disposable; else the row's.
    Into,
}

/// One effect of a program.
#[derive(Debug)]
pub struct Row {
    /// Stable id (`fs.rm-recursive`), the guard's rule id's part.
    pub id: &'static str,
    /// Its pack.
    pub pack: Pack,
    /// The program's base name.
    pub program: &'static str,
    /// Subcommand words, in order.
    pub path: &'static [&'static str],
    /// Every condition must hold.
    pub when: &'static [Cond],
    /// What kind of change.
    pub action: Action,
    /// The severity before [`Grade`].
    pub severity: Severity,
    /// Its targets.
    pub targets: Targets,
    /// How targets change the severity.
    pub grade: Grade,
    /// What it does, for people.
    pub summary: &'static str,
    /// A safer way, if any.
    pub alternative: Option<&'static str>,
    /// `(command, worst severity of all its effects)`: `None` for none.
    pub examples: &'static [(&'static str, Option<Severity>)],
}

/// Rows whose program changes the files it is given where they are: what
/// was in them before is lost ([`Grade::File`] grades them as deletes).
const IN_PLACE: &[&str] = &[
    "fs.ed",
    "fs.ex",
    "fs.fallocate-holes",
    "fs.nvim",
    "fs.patch",
    "fs.vi",
    "fs.vim",
    "fs.perl-in-place",
    "fs.sed-in-place",
    "fs.shuf-output",
    "fs.sort-output",
    "fs.sponge",
    "fs.tee",
    "fs.truncate",
    "fs.truncate-size",
];

use Action as A;
use Cond::*;
use Grade::*;
use Pack as P;
use Severity::{Catastrophic as CAT, Destructive as DES, Write as WRI};
use Targets as T;

const C: Option<Severity> = Some(CAT);
const D: Option<Severity> = Some(DES);
const W: Option<Severity> = Some(WRI);
const U: Option<Severity> = Some(Severity::Unknown);
const N: Option<Severity> = None;

/// vi's, vim's, nvim's and ex's options that take a value (a command, a
/// script, a file of settings): not the files they edit.
const VIM_VALUES: &[&str] = &[
    "-c",
    "--cmd",
    "-S",
    "-s",
    "-u",
    "-U",
    "-i",
    "-T",
    "-w",
    "-W",
    "-t",
    "-q",
    "-V",
    "--startuptime",
    "--listen",
    "--server",
];

/// Recursive options of rm, cp, chmod and chown.
const RECURSIVE: &[&str] = &["-r", "-R", "--recursive"];
/// find's tests that narrow what `-delete` deletes.
#[rustfmt::skip]
const FIND_FILTERS: &[&str] = &[
    "-name", "-iname", "-path", "-ipath", "-wholename", "-regex", "-iregex", "-type", "-newer",
    "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-empty", "-user", "-group",
    "-perm", "-links", "-inum", "-samefile",
];

/// find's actions that run a command on what it found.
const FIND_EXEC: &[&str] = &["-exec", "-execdir", "-ok", "-okdir"];

/// Programs that change the files they are given (`find -exec cp /dev/null {}`).
const MODIFIERS: &[&str] = &[
    "cp", "mv", "chmod", "chown", "chgrp", "truncate", "tee", "dd", "sed", "perl", "install", "ln",
];

/// git configuration keys (lowercase parts) that run a program or turn a
/// safety off for later git commands.
#[rustfmt::skip]
const GIT_CODE_KEYS: &[&str] = &[
    "pruneexpire", "reflogexpire", "gc.", "fsmonitor", "hookspath", "editor", "pager", "sshcommand", "askpass", "alias.", "external", "man.", "browser.", "include.", "includeif.",
    "driver", "filter.", "helper", "program", "gitproxy", "requireforce", "packobjectshook",
    "difffilter", "tool.", "protocol.", "include", "mirror", "worktree", ".push", "textconv",
    "denydeletes", "denynonfastforwards", "autostash",
];

/// Programs that delete the files they are given.
const DELETERS: &[&str] = &["rm", "/bin/rm", "/usr/bin/rm", "unlink", "shred", "srm"];

/// Dry-run spellings.
const DRY: &[&str] = &["-n", "--dry-run"];

macro_rules! row {
    ($id:literal, $pack:expr, $program:literal, $path:expr, $when:expr, $action:expr, $sev:expr, $targets:expr, $grade:expr, $summary:literal, $alt:expr, $examples:expr) => {
        Row {
            id: $id,
            pack: $pack,
            program: $program,
            path: $path,
            when: $when,
            action: $action,
            severity: $sev,
            targets: $targets,
            grade: $grade,
            summary: $summary,
            alternative: $alt,
            examples: $examples,
        }
    };
}

/// PowerShell's `-WhatIf`: say what would happen, do nothing
/// (`-WhatIf:$false` does it).
const WHAT_IF: &[&str] = &["-WhatIf"];

/// Every row, sorted by program.
#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    row!("fs.7z-delete", P::Filesystem, "7z", &[], &[Opt(&["-sdel"])], A::Delete, DES, T::Paths, Tree, "deletes the files after adding them to the archive", Some("7z without -sdel, then delete what you checked"), &[("7z a -sdel /tmp/x.7z ~", C), ("7z a -sdel x.7z src", D), ("7z a x.7z src", N)]),
    row!("fs.7z-delete", P::Filesystem, "7za", &[], &[Opt(&["-sdel"])], A::Delete, DES, T::Paths, Tree, "deletes the files after adding them to the archive", None, &[("7za a -sdel x.7z src", D)]),
    row!("fs.7z-delete", P::Filesystem, "7zz", &[], &[Opt(&["-sdel"])], A::Delete, DES, T::Paths, Tree, "deletes the files after adding them to the archive", None, &[("7zz a -sdel x.7z src", D)]),
    row!("containers.vboxmanage-delete", P::Containers, "VBoxManage", &[], &[Operand(&["unregistervm"]), Opt(&["--delete"])], A::Remote, DES, T::None, Fixed, "deletes a VM and its disks", None, &[("VBoxManage unregistervm vm --delete", D), ("VBoxManage list vms", N)]),
    row!("database.alembic-downgrade-base", P::Database, "alembic", &["downgrade"], &[Operand(&["base"])], A::Remote, DES, T::None, Fixed, "undoes every migration (dropping what they made)", None, &[("alembic downgrade base", D), ("alembic upgrade head", N)]),
    row!("system.apt-purge", P::System, "apt", &[], &[Operand(&["purge"])], A::System, DES, T::None, Fixed, "removes packages with their configuration", None, &[("apt purge nginx", D)]),
    row!("system.apt-remove", P::System, "apt", &[], &[Operand(&["remove", "autoremove"])], A::System, WRI, T::None, Fixed, "removes packages", None, &[("apt autoremove", W)]),
    row!("system.apt-purge", P::System, "apt-get", &[], &[Operand(&["purge"])], A::System, DES, T::None, Fixed, "removes packages with their configuration", None, &[("apt-get purge -y nginx", D)]),
    row!("system.apt-remove", P::System, "apt-get", &[], &[Operand(&["remove", "autoremove"])], A::System, WRI, T::None, Fixed, "removes packages", None, &[("apt-get remove -y nginx", W), ("apt-get install -y curl", N)]),
    row!("kubernetes.argocd-sync-prune", P::Kubernetes, "argocd", &["app", "sync"], &[Opt(&["--prune"])], A::Remote, DES, T::None, Fixed, "deletes the cluster resources the application no longer declares", Some("argocd app diff first"), &[("argocd app sync web --prune", D), ("argocd app sync web", N)]),
    row!("kubernetes.argocd-delete", P::Kubernetes, "argocd", &[], &[Operand(&["delete", "rm"])], A::Remote, DES, T::None, Fixed, "deletes an application and its resources", None, &[("argocd app delete web --cascade", D)]),
    row!("database.artisan-fresh", P::Database, "artisan", &[], &[Operand(&["migrate:fresh", "migrate:reset", "migrate:refresh", "db:wipe"])], A::Remote, CAT, T::None, Fixed, "drops every table", None, &[("php artisan migrate:fresh --seed", C), ("php artisan db:wipe", C), ("php artisan migrate", N)]),
    row!("cloud.aws-s3-mv", P::Cloud, "aws", &["s3", "mv"], &[Opt(&["--recursive"])], A::Remote, DES, T::None, Fixed, "moves every object under a prefix (deleting the source)", None, &[("aws s3 mv s3://a/ s3://b/ --recursive", D), ("aws s3 cp a s3://b/a", N)]),
    row!("cloud.aws-s3-rm-recursive", P::Cloud, "aws", &["s3", "rm"], &[Opt(&["--recursive"])], A::Remote, CAT, T::None, Fixed, "deletes every object under an S3 prefix", Some("run it with --dryrun first"), &[("aws s3 rm s3://bucket/ --recursive", C), ("aws s3 rm s3://bucket/key --dryrun", D)]),
    row!("cloud.aws-s3-rm", P::Cloud, "aws", &["s3", "rm"], &[], A::Remote, DES, T::None, Fixed, "deletes S3 objects", None, &[("aws s3 ls s3://bucket", N)]),
    row!("cloud.aws-s3-rb", P::Cloud, "aws", &["s3", "rb"], &[], A::Remote, CAT, T::None, Fixed, "deletes an S3 bucket", None, &[("aws s3 rb s3://bucket --force", C)]),
    row!("cloud.aws-s3-sync-delete", P::Cloud, "aws", &["s3", "sync"], &[Opt(&["--delete"])], A::Remote, DES, T::None, Fixed, "deletes files the source does not have", Some("run it with --dryrun first"), &[("aws s3 sync . s3://b --delete", D), ("aws s3 sync . s3://b", N)]),
    row!("cloud.aws-terminate", P::Cloud, "aws", &["ec2", "terminate-instances"], &[], A::Remote, CAT, T::None, Fixed, "terminates EC2 instances", None, &[("aws ec2 terminate-instances --instance-ids i-1", C)]),
    row!("cloud.aws-rds-delete", P::Cloud, "aws", &["rds", "delete-db-instance"], &[], A::Remote, CAT, T::None, Fixed, "deletes a database instance", Some("keep a final snapshot (--final-db-snapshot-identifier)"), &[("aws rds delete-db-instance --db-instance-identifier prod", C)]),
    row!("cloud.aws-rds-delete-cluster", P::Cloud, "aws", &["rds", "delete-db-cluster"], &[], A::Remote, CAT, T::None, Fixed, "deletes a database cluster", None, &[("aws rds delete-db-cluster --db-cluster-identifier c", C)]),
    row!("cloud.aws-dynamodb-delete", P::Cloud, "aws", &["dynamodb", "delete-table"], &[], A::Remote, CAT, T::None, Fixed, "deletes a DynamoDB table", None, &[("aws dynamodb delete-table --table-name t", C)]),
    row!("cloud.aws-cfn-delete", P::Cloud, "aws", &["cloudformation", "delete-stack"], &[], A::Remote, CAT, T::None, Fixed, "deletes a CloudFormation stack and its resources", None, &[("aws cloudformation delete-stack --stack-name s", C)]),
    row!("secrets.aws-secret-overwrite", P::Secrets, "aws", &["secretsmanager"], &[Operand(&["update-secret", "put-secret-value", "rotate-secret", "cancel-rotate-secret", "remove-regions-from-replication"])], A::Remote, DES, T::None, Fixed, "overwrites or rotates a secret (clients holding the old value break)", None, &[("aws secretsmanager put-secret-value --secret-id x --secret-string y", D), ("aws secretsmanager get-secret-value --secret-id x", N)]),
    row!("cloud.aws-sns-unsubscribe", P::Cloud, "aws", &["sns"], &[Operand(&["unsubscribe", "delete-topic", "delete-endpoint", "delete-platform-application"])], A::Remote, DES, T::None, Fixed, "removes a subscription or a topic", None, &[("aws sns unsubscribe --subscription-arn arn:x", D), ("aws sns list-topics", N)]),
    row!("cloud.aws-secret-delete", P::Cloud, "aws", &["secretsmanager", "delete-secret"], &[], A::Remote, DES, T::None, Fixed, "deletes a secret", None, &[("aws secretsmanager delete-secret --secret-id x", D)]),
    row!("cloud.aws-iam-delete", P::Cloud, "aws", &["iam"], &[OperandStarts("delete-")], A::Remote, DES, T::None, Fixed, "deletes an IAM resource", None, &[("aws iam delete-user --user-name u", D), ("aws iam list-users", N)]),
    row!("cloud.aws-s3api-delete-bucket", P::Cloud, "aws", &["s3api", "delete-bucket"], &[], A::Remote, CAT, T::None, Fixed, "deletes an S3 bucket", None, &[("aws s3api delete-bucket --bucket b", C)]),
    row!("cloud.aws-eks-delete", P::Cloud, "aws", &["eks", "delete-cluster"], &[], A::Remote, CAT, T::None, Fixed, "deletes a Kubernetes cluster", None, &[("aws eks delete-cluster --name prod", C)]),
    row!("cloud.aws-route53-delete-zone", P::Cloud, "aws", &["route53", "delete-hosted-zone"], &[], A::Remote, CAT, T::None, Fixed, "deletes a DNS zone", None, &[("aws route53 delete-hosted-zone --id Z1", C)]),
    row!("cloud.aws-ecr-delete-repository", P::Cloud, "aws", &["ecr", "delete-repository"], &[], A::Remote, CAT, T::None, Fixed, "deletes a container registry repository and its images", None, &[("aws ecr delete-repository --repository-name r --force", C)]),
    row!("cloud.aws-efs-delete", P::Cloud, "aws", &["efs", "delete-file-system"], &[], A::Remote, CAT, T::None, Fixed, "deletes a file system", None, &[("aws efs delete-file-system --file-system-id fs-1", C)]),
    row!("cloud.aws-ec2-delete-volume", P::Cloud, "aws", &["ec2", "delete-volume"], &[], A::Remote, CAT, T::None, Fixed, "deletes a disk volume", None, &[("aws ec2 delete-volume --volume-id vol-1", C)]),
    row!("cloud.aws-ec2-delete-snapshot", P::Cloud, "aws", &["ec2", "delete-snapshot"], &[], A::Remote, DES, T::None, Fixed, "deletes a snapshot", None, &[("aws ec2 delete-snapshot --snapshot-id snap-1", D)]),
    row!("cloud.aws-logs-delete", P::Cloud, "aws", &["logs", "delete-log-group"], &[], A::Remote, DES, T::None, Fixed, "deletes a log group", None, &[("aws logs delete-log-group --log-group-name g", D)]),
    row!("cloud.aws-batch-delete", P::Cloud, "aws", &[], &[OperandStarts("batch-delete")], A::Remote, DES, T::None, Fixed, "deletes cloud resources in batch", None, &[("aws ecr batch-delete-image --repository-name r --image-ids imageTag=v1", D)]),
    row!("cloud.aws-purge", P::Cloud, "aws", &[], &[OperandStarts("purge-")], A::Remote, DES, T::None, Fixed, "purges a queue or cache", None, &[("aws sqs purge-queue --queue-url u", D)]),
    row!("cloud.aws-terminate-any", P::Cloud, "aws", &[], &[OperandStarts("terminate-")], A::Remote, DES, T::None, Fixed, "terminates cloud resources", None, &[("aws emr terminate-clusters --cluster-ids j-1", D)]),
    row!("cloud.aws-deregister", P::Cloud, "aws", &[], &[OperandStarts("deregister-")], A::Remote, DES, T::None, Fixed, "deregisters cloud resources", None, &[("aws ec2 deregister-image --image-id ami-1", D)]),
    row!("cloud.aws-admin-delete", P::Cloud, "aws", &[], &[OperandContains(&["-delete-", "close-account"])], A::Remote, DES, T::None, Fixed, "deletes a cloud resource or closes an account", None, &[("aws cognito-idp admin-delete-user --user-pool-id p --username u", D), ("aws organizations close-account --account-id 1", D)]),
    row!("cloud.aws-delete", P::Cloud, "aws", &[], &[OperandStarts("delete-")], A::Remote, DES, T::None, Fixed, "deletes a cloud resource", None, &[("aws lambda delete-function --function-name f", D)]),
    row!("cloud.aws-kms-delete", P::Cloud, "aws", &["kms", "schedule-key-deletion"], &[], A::Remote, CAT, T::None, Fixed, "schedules a key's deletion: what it encrypted becomes unreadable", None, &[("aws kms schedule-key-deletion --key-id k", C)]),
    row!("publish.aws-public-acl", P::Publish, "aws", &[], &[Word(&["public-read", "public-read-write", "--acl=public-read", "--acl=public-read-write"])], A::Publish, DES, T::None, Fixed, "makes S3 objects or buckets readable by anyone", None, &[("aws s3 cp .env s3://b/ --acl public-read", D), ("aws s3api put-bucket-acl --bucket b --acl public-read", D), ("aws s3 cp a s3://b/a", N)]),
    row!("cloud.az-deployment-complete", P::Cloud, "az", &[], &[Word(&["Complete"])], A::Remote, CAT, T::None, Fixed, "a complete deployment deletes every resource the template does not name", None, &[("az deployment group create -g rg --mode Complete --template-file t.json", C)]),
    row!("cloud.az-group-delete", P::Cloud, "az", &["group", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a resource group and everything in it", None, &[("az group delete -n rg --yes", C)]),
    row!("cloud.az-storage-account-delete", P::Cloud, "az", &["storage", "account", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a storage account and its data", None, &[("az storage account delete -n acct -g rg", C)]),
    row!("cloud.az-sql-db-delete", P::Cloud, "az", &["sql", "db", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a database", None, &[("az sql db delete -g rg -s srv -n db", C)]),
    row!("cloud.az-aks-delete", P::Cloud, "az", &["aks", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a Kubernetes cluster", None, &[("az aks delete -g rg -n prod", C)]),
    row!("cloud.az-keyvault-purge", P::Cloud, "az", &["keyvault", "purge"], &[], A::Remote, CAT, T::None, Fixed, "purges a key vault: its secrets are unrecoverable", None, &[("az keyvault purge --name kv", C)]),
    row!("cloud.az-blob-sync-delete", P::Cloud, "az", &["storage", "blob", "sync"], &[WordContains("--delete-destination")], A::Remote, DES, T::None, Fixed, "deletes blobs the source does not have", None, &[("az storage blob sync -c c -s dist --delete-destination true", D)]),
    row!("cloud.az-blob-delete-batch", P::Cloud, "az", &["storage", "blob", "delete-batch"], &[], A::Remote, CAT, T::None, Fixed, "deletes every blob matching a pattern", None, &[("az storage blob delete-batch -s container", C)]),
    row!("cloud.az-purge", P::Cloud, "az", &["purge"], &[], A::Remote, DES, T::None, Fixed, "purges a soft-deleted resource", None, &[("az cognitiveservices account purge -n x -g rg -l eu", D)]),
    row!("cloud.az-delete", P::Cloud, "az", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes an Azure resource", None, &[("az vm delete -g rg -n vm", D), ("az vm list", N)]),
    row!("cloud.azcopy-delete", P::Cloud, "azcopy", &[], &[Operand(&["rm", "remove"])], A::Remote, DES, T::None, Fixed, "deletes blobs or files", None, &[("azcopy rm https://a.blob.core.windows.net/c --recursive", D), ("azcopy list x", N)]),
    row!("cloud.azcopy-sync-delete", P::Cloud, "azcopy", &["sync"], &[WordContains("--delete-destination=true")], A::Remote, DES, T::None, Fixed, "deletes what the source does not have", None, &[("azcopy sync src https://a/c --delete-destination=true", D)]),
    row!("cloud.b2-rm-recursive", P::Cloud, "b2", &["rm"], &[Opt(&["--recursive", "-r"])], A::Remote, DES, T::None, Fixed, "deletes every file under a bucket path", None, &[("b2 rm --recursive --versions b2://b", D), ("b2 ls b2://b", N)]),
    row!("fs.badblocks-write", P::Filesystem, "badblocks", &[], &[Opt(&["-w"])], A::Device, CAT, T::None, Fixed, "overwrites every block while testing", None, &[("badblocks -wsv /dev/sdb", C), ("badblocks -sv /dev/sdb", N)]),
    row!("git.bfg", P::Git, "bfg", &[], &[Not(&["--help", "--version"])], A::Publish, DES, T::None, Fixed, "rewrites history (BFG Repo-Cleaner)", Some("run it on a fresh mirror clone"), &[("bfg --delete-files id_rsa", D), ("bfg --version", N)]),
    row!("fs.blkdiscard", P::Filesystem, "blkdiscard", &[], &[], A::Device, CAT, T::None, Fixed, "discards every block of a device", None, &[("blkdiscard /dev/nvme0n1", C)]),
    row!("backup.borg-delete", P::Backup, "borg", &[], &[Operand(&["delete", "prune", "compact", "repo-delete", "rdelete", "recreate"])], A::Remote, DES, T::None, Fixed, "deletes or prunes backup archives", Some("run it with --dry-run first"), &[("borg delete repo::archive", D), ("borg prune --keep-last 1", D), ("borg list repo", N)]),
    row!("cloud.bq-rm", P::Cloud, "bq", &["rm"], &[], A::Remote, DES, T::None, Fixed, "deletes a BigQuery dataset, table or model (with -r, every table in it)", None, &[("bq rm -r -f -d proj:ds", D), ("bq ls", N)]),
    row!("system.package-remove", P::System, "brew", &[], &[Operand(&["uninstall", "remove", "rm"])], A::System, WRI, T::None, Fixed, "removes packages", None, &[("brew uninstall node", W), ("brew list", N)]),
    row!("fs.btrfs-delete", P::Filesystem, "btrfs", &["subvolume", "delete"], &[], A::Delete, DES, T::None, Fixed, "deletes a subvolume", None, &[("btrfs subvolume delete /mnt/snap", D)]),
    row!("fs.btrfs-device", P::Filesystem, "btrfs", &["device"], &[Operand(&["remove", "delete", "add"])], A::Device, DES, T::None, Fixed, "changes the devices of a file system", None, &[("btrfs device remove /dev/sdb /mnt", D), ("btrfs device stats /mnt", N)]),
    row!("fs.btrfs-balance", P::Filesystem, "btrfs", &["balance", "start"], &[], A::Device, DES, T::None, Fixed, "rewrites a file system's data", None, &[("btrfs balance start /mnt", D)]),
    row!("fs.btrfs-repair", P::Filesystem, "btrfs", &["check"], &[Opt(&["--repair", "--init-csum-tree", "--init-extent-tree"])], A::Device, CAT, T::None, Fixed, "repairs a file system in place (can lose data)", None, &[("btrfs --verbose check --repair /dev/sda1", C), ("btrfs check /dev/sda1", N)]),
    row!("fs.btrfs-rescue", P::Filesystem, "btrfs", &["rescue"], &[], A::Device, DES, T::None, Fixed, "rewrites file-system metadata", None, &[("btrfs rescue zero-log /dev/sda1", D)]),
    row!("fs.btrfs-resize", P::Filesystem, "btrfs", &["filesystem", "resize"], &[], A::Device, DES, T::None, Fixed, "resizes a file system", None, &[("btrfs filesystem resize -10g /mnt", D), ("btrfs filesystem df /mnt", N)]),
    row!("publish.bun-publish", P::Publish, "bun", &[], &[Operand(&["publish"]), Not(&["--dry-run"])], A::Publish, DES, T::None, Fixed, "publishes a package version", None, &[("bun publish", D), ("bun publish --dry-run", N)]),
    row!("secrets.bw-delete", P::Secrets, "bw", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes Bitwarden items", None, &[("bw delete --permanent item x", D), ("bw list items", N)]),
    row!("publish.cargo-publish", P::Publish, "cargo", &["publish"], &[Not(&["--dry-run", "-n"])], A::Publish, DES, T::None, Fixed, "publishes a crate version (a version can be yanked, never reused)", Some("cargo publish --dry-run first"), &[("cargo publish", D), ("cargo publish --dry-run", N), ("cargo build --release", N)]),
    row!("publish.cargo-yank", P::Publish, "cargo", &["yank"], &[], A::Publish, WRI, T::None, Fixed, "yanks a crate version", None, &[("cargo yank --version 1.0.0", W)]),
    row!("fs.cargo-clean-target-dir", P::Filesystem, "cargo", &["clean"], &[Opt(&["--target-dir"])], A::Delete, WRI, T::OptionValue(&["--target-dir"]), Tree, "deletes a build directory named on the command line", None, &[("cargo clean --target-dir ~", C), ("cargo clean --target-dir target", W), ("cargo clean", N)]),
    row!("iac.cdk-destroy", P::Iac, "cdk", &["destroy"], &[], A::Remote, CAT, T::None, Fixed, "destroys a stack and its resources", None, &[("cdk destroy --force", C), ("npx cdk destroy Prod", C), ("cdk synth", N)]),
    row!("iac.cdk-deploy-no-approval", P::Iac, "cdk", &["deploy"], &[Word(&["never", "--require-approval=never"])], A::Remote, DES, T::None, Fixed, "deploys without asking about security-sensitive changes", None, &[("cdk deploy --require-approval never", D)]),
    row!("iac.cdktf-destroy", P::Iac, "cdktf", &["destroy"], &[], A::Remote, CAT, T::None, Fixed, "destroys a stack and its resources", None, &[("cdktf destroy --auto-approve", C)]),
    row!("cloud.cf-delete", P::Cloud, "cf", &[], &[OperandStarts("delete"), Not(&["--help"])], A::Remote, DES, T::None, Fixed, "deletes Cloud Foundry apps, orgs, spaces or services", None, &[("cf delete app -f", D), ("cf delete-org o -f", D), ("cf apps", N)]),
    row!("cloud.cf-purge", P::Cloud, "cf", &[], &[OperandStarts("purge-")], A::Remote, DES, T::None, Fixed, "purges Cloud Foundry service records", None, &[("cf purge-service-offering x -f", D)]),
    row!("fs.gdisk", P::Filesystem, "cgdisk", &[], &[], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("cgdisk /dev/sda", C)]),
    row!("system.chage-expire", P::System, "chage", &[], &[Opt(&["-E", "--expiredate"])], A::System, DES, T::None, Fixed, "expires an account", None, &[("chage -E 0 root", D), ("chage -l me", N)]),
    row!("publish.changeset-publish", P::Publish, "changeset", &[], &[Operand(&["publish"])], A::Publish, DES, T::None, Fixed, "publishes package versions", None, &[("changeset publish", D), ("changeset status", N)]),
    row!("fs.chattr", P::Filesystem, "chattr", &[], &[], A::Chmod, WRI, T::Paths, File, "changes file attributes", None, &[("chattr +i /etc/resolv.conf", W), ("chattr -i ~/.ssh/authorized_keys", D)]),
    row!("fs.chgrp-recursive", P::Filesystem, "chgrp", &[], &[Opt(RECURSIVE)], A::Chmod, DES, T::Paths, Tree, "changes groups recursively", None, &[("chgrp -R nogroup ~", C), ("chgrp -R staff src", D)]),
    row!("fs.chmod-recursive", P::Filesystem, "chmod", &[], &[Opt(RECURSIVE)], A::Chmod, DES, T::Paths, Tree, "changes permissions recursively", None, &[("chmod -R 777 /", C), ("chmod -R u+w src", D), ("chmod -R 755 ~", C)]),
    row!("fs.chmod", P::Filesystem, "chmod", &[], &[], A::Chmod, WRI, T::Paths, Fixed, "changes permissions", None, &[("chmod +x run.sh", W), ("chmod 600 ~/.ssh/id_rsa", W)]),
    row!("fs.chown-recursive", P::Filesystem, "chown", &[], &[Opt(RECURSIVE)], A::Chmod, DES, T::Paths, Tree, "changes owners recursively", None, &[("chown -R nobody /", C), ("chown -R me src", D)]),
    row!("fs.chown", P::Filesystem, "chown", &[], &[], A::Chmod, WRI, T::Paths, Fixed, "changes owners", None, &[("chown me a.txt", W)]),
    row!("system.chpasswd", P::System, "chpasswd", &[], &[], A::System, DES, T::None, Fixed, "changes passwords", None, &[("chpasswd", D)]),
    row!("cloud.circleci-delete", P::Cloud, "circleci", &[], &[Operand(&["delete", "remove-secret"])], A::Remote, DES, T::None, Fixed, "deletes a CircleCI context, secret, orb, namespace or pipeline", None, &[("circleci context delete org/x context/prod", D), ("circleci context remove-secret org/x ctx KEY", D), ("circleci context list org/x", N)]),
    row!("cloud.civo-delete", P::Cloud, "civo", &[], &[Operand(&["remove", "delete", "rm"])], A::Remote, DES, T::None, Fixed, "deletes a Civo resource", None, &[("civo instance remove web", D)]),
    row!("fs.clear-disk", P::Filesystem, "clear-disk", &[], &[NoWord(WHAT_IF)], A::Device, CAT, T::None, Fixed, "erases a disk: its partitions and everything on them (PowerShell)", None, &[("Clear-Disk -Number 0 -RemoveData", C), ("clear-disk -number 1 -removedata -whatif:$false", C), ("Clear-Disk -Number 1 -RemoveData -WhatIf", N)]),
    row!("fs.cmake-remove", P::Filesystem, "cmake", &["rm"], &[Word(&["-E"])], A::Delete, DES, T::Paths, Tree, "deletes files or trees", None, &[("cmake -E rm -rf ~", C), ("cmake -E rm -rf node_modules", W), ("cmake -E echo x", N)]),
    row!("fs.cmake-remove", P::Filesystem, "cmake", &["remove"], &[Word(&["-E"])], A::Delete, DES, T::Paths, Tree, "deletes files or trees", None, &[("cmake -E remove -f ~/.bashrc", D)]),
    row!("fs.cmake-remove", P::Filesystem, "cmake", &["remove_directory"], &[Word(&["-E"])], A::Delete, DES, T::Paths, Tree, "deletes files or trees", None, &[("cmake -E remove_directory ~", C)]),
    row!("containers.colima-delete", P::Containers, "colima", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes a VM and its containers and volumes", None, &[("colima delete -f", D), ("colima status", N)]),
    row!("database.consul-kv-delete", P::Database, "consul", &["kv", "delete"], &[], A::Remote, DES, T::None, Fixed, "deletes keys (with -recurse, every key under a prefix)", None, &[("consul kv delete -recurse \"\"", D), ("consul kv get x", N)]),
    row!("cloud.copilot-delete", P::Cloud, "copilot", &[], &[Word(&["delete"])], A::Remote, CAT, T::None, Fixed, "deletes an AWS Copilot application, environment or service", None, &[("copilot app delete --yes", C), ("copilot app ls", N)]),
    row!("fs.cp", P::Filesystem, "cp", &[], &[], A::Write, WRI, T::LastPath, File, "copies over", None, &[("cp a b", W), ("cp a ~/.bashrc", D), ("cp a /tmp/x", W), ("cp a /tmp", W), ("cp a ~/", W), ("cp x .git/hooks/pre-commit", D), ("cp /dev/zero /dev/sda", C), ("cp a /dev/null", W), ("cp -a /etc /tmp/x", W), ("cp -rT conf ~/.config", D), ("cp -r conf/. ~/.local/state/", D), ("cp -r conf ~/.config/", W)]),
    row!("system.crontab-remove", P::System, "crontab", &[], &[Opt(&["-r", "--remove"])], A::System, DES, T::None, Fixed, "removes the user's crontab", Some("save it first: crontab -l > crontab.bak"), &[("crontab -r", D), ("crontab -l", N)]),
    row!("system.crontab-replace", P::System, "crontab", &[], &[Operands(1), Not(&["-l", "-e"])], A::System, DES, T::None, Fixed, "replaces the user's whole crontab with a file's contents", Some("crontab -l > crontab.bak first"), &[("crontab /dev/null", D), ("crontab -", D), ("crontab -l", N)]),
    row!("fs.cryptsetup-format", P::Filesystem, "cryptsetup", &[], &[Operand(&["luksFormat", "erase", "luksErase", "reencrypt", "luksKillSlot", "luksRemoveKey"])], A::Device, CAT, T::None, Fixed, "formats or erases an encrypted device", None, &[("cryptsetup luksFormat /dev/sdb1", C), ("cryptsetup status vol", N)]),
    row!("cloud.curl-delete", P::Cloud, "curl", &[], &[Word(&["DELETE", "-XDELETE", "--request=DELETE", "delete", "-Xdelete"])], A::Remote, DES, T::None, Fixed, "sends an HTTP DELETE: deletes a remote resource", None, &[("curl -X DELETE 'http://localhost:9200/logs-2024'", D), ("curl -XDELETE https://api/x", D), ("curl https://example.com/delete-me.txt", N)]),
    row!("cloud.curl-delete-by-query", P::Cloud, "curl", &[], &[WordContains("_delete_by_query")], A::Remote, DES, T::None, Fixed, "deletes documents by query", None, &[("curl -X POST 'http://localhost:9200/logs/_delete_by_query' -d '{}'", D)]),
    row!("cloud.curl-do-delete", P::Cloud, "curl", &[], &[WordContains("/dodelete")], A::Remote, DES, T::None, Fixed, "deletes a Jenkins job, view or credential", None, &[("curl -X POST http://jenkins.local/job/deploy/doDelete", D)]),
    row!("fs.curl-output", P::Filesystem, "curl", &[], &[Opt(&["-o", "--output", "-D", "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii", "--stderr", "--etag-save", "--hsts", "--alt-svc"])], A::Write, WRI, T::OptionValue(&["-o", "--output", "-D", "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii", "--stderr", "--etag-save", "--hsts", "--alt-svc"]), File, "writes what it downloads to a file", None, &[("curl -o ~/.ssh/authorized_keys https://example.com/k", D), ("curl -o out.json https://example.com", W), ("curl https://example.com", N), ("curl -sD ~/.ssh/authorized_keys https://example.com", D)]),
    row!("fs.dd-device", P::Filesystem, "dd", &[], &[], A::Device, DES, T::Value("of="), File, "writes raw blocks", None, &[("dd if=/dev/zero of=/dev/sda bs=1M", C), ("dd if=a of=b", D), ("dd if=/dev/sda", N), ("dd if=/etc/passwd of=/dev/null", W), ("dd if=x of=/tmp/y", W), ("dd of=/dev/null of=/dev/sda", C), ("dd if=/dev/zero of=/etc/passwd of=/tmp/x", W)]),
    row!("fs.ddrescue-force", P::Filesystem, "ddrescue", &[], &[Opt(&["-f", "--force"])], A::Device, WRI, T::Paths, File, "overwrites its output", None, &[("ddrescue -f /dev/zero /dev/sda", C), ("ddrescue -d /dev/sda disk.img rescue.map", N)]),
    row!("system.deluser-files", P::System, "deluser", &[], &[Opt(&["--remove-home", "--remove-all-files"])], A::System, CAT, T::None, Fixed, "deletes a user with their home or every file they own", None, &[("deluser --remove-home bob", C), ("deluser bob", N)]),
    row!("fs.diskutil-erase", P::Filesystem, "diskutil", &[], &[Operand(&["eraseDisk", "eraseVolume", "reformat", "zeroDisk", "randomDisk", "secureErase", "partitionDisk", "splitPartition", "mergePartitions", "resetFusion", "deleteContainer", "deleteVolume", "deleteSnapshot", "erasedisk", "erasevolume"])], A::Device, CAT, T::None, Fixed, "erases or repartitions a disk", None, &[("diskutil eraseDisk APFS X /dev/disk2", C), ("diskutil apfs deleteContainer disk3", C), ("diskutil list", N)]),
    row!("database.django-flush", P::Database, "django", &[], &[Operand(&["flush", "reset_db", "sqlflush"])], A::Remote, CAT, T::None, Fixed, "deletes every row of the database", None, &[("python -m django flush --noinput", C)]),
    row!("database.django-flush", P::Database, "django-admin", &[], &[Operand(&["flush", "reset_db", "sqlflush"])], A::Remote, CAT, T::None, Fixed, "deletes every row of the database", None, &[("django-admin flush", C)]),
    row!("fs.dmsetup", P::Filesystem, "dmsetup", &[], &[Operand(&["remove", "remove_all", "wipe_table", "clear", "load", "create", "reload"])], A::Device, DES, T::None, Fixed, "removes or rewrites device-mapper devices", None, &[("dmsetup -v remove_all", D), ("dmsetup ls", N)]),
    row!("system.package-remove", P::System, "dnf", &[], &[Operand(&["remove", "erase", "autoremove"])], A::System, WRI, T::None, Fixed, "removes packages", None, &[("dnf remove -y httpd", W)]),
    row!("containers.docker-compose-down-volumes", P::Containers, "docker", &["compose", "down"], &[Opt(&["-v", "--volumes"])], A::Remote, DES, T::None, Fixed, "removes the project's volumes and their data", None, &[("docker compose down -v", D), ("docker compose down", W)]),
    row!("containers.docker-compose-down", P::Containers, "docker", &["compose", "down"], &[], A::Remote, WRI, T::None, Fixed, "stops and removes the project's containers", None, &[("docker compose ps", N)]),
    row!("containers.docker-image-prune", P::Containers, "docker", &["image", "prune"], &[], A::Remote, DES, T::None, Fixed, "deletes unused images", None, &[("docker image prune -a -f", D)]),
    row!("containers.docker-container-prune", P::Containers, "docker", &["container", "prune"], &[], A::Remote, DES, T::None, Fixed, "deletes stopped containers and their files", None, &[("docker container prune -f", D)]),
    row!("containers.docker-rm-volumes", P::Containers, "docker", &["rm"], &[Opt(&["-v", "--volumes"])], A::Remote, DES, T::None, Fixed, "removes containers with their anonymous volumes", None, &[("docker rm -fv db", D)]),
    row!("containers.docker-system-prune", P::Containers, "docker", &["system", "prune"], &[], A::Remote, DES, T::None, Fixed, "deletes stopped containers, unused networks, images and build cache", None, &[("docker system prune -af", D), ("docker system prune --volumes", D)]),
    row!("containers.docker-volume-rm", P::Containers, "docker", &["volume"], &[Operand(&["rm", "remove", "prune"])], A::Remote, DES, T::None, Fixed, "deletes volumes and their data", None, &[("docker volume rm data", D), ("docker volume prune -f", D), ("docker volume ls", N)]),
    row!("containers.docker-stack-rm", P::Containers, "docker", &[], &[Operand(&["stack", "secret", "config", "service", "network"]), Operand(&["rm", "remove"])], A::Remote, DES, T::None, Fixed, "removes a stack's services, a secret, a config or a network", None, &[("docker stack rm prod", D), ("docker secret rm db_pass", D), ("docker stack ls", N)]),
    row!("containers.docker-rm-listed", P::Containers, "docker", &[], &[Operand(&["rm", "remove", "rmi"]), OperandStarts("$("), Opt(&["-f", "--force"])], A::Remote, DES, T::None, Fixed, "force-removes every container or image a listing names, running ones too", Some("docker container prune (stopped ones only), or name them"), &[("docker rm -f $(docker ps -aq)", D), ("docker rmi -f $(docker images -q)", D), ("docker rm $(docker ps -aq -f status=exited)", D)]),
    row!("containers.docker-rm", P::Containers, "docker", &[], &[Operand(&["rm", "remove", "rmi", "kill"])], A::Remote, WRI, T::None, Fixed, "removes containers or images", None, &[("docker rm -f web", W), ("docker ps", N)]),
    row!("containers.docker-push", P::Containers, "docker", &["push"], &[], A::Publish, WRI, T::None, Fixed, "publishes an image (a tag may be overwritten)", None, &[("docker push org/app:latest", W)]),
    row!("containers.docker-change", P::Containers, "docker", &[], &[Operand(&["stop", "restart", "network", "builder"])], A::Remote, WRI, T::None, Fixed, "stops containers or changes networks and caches", None, &[("docker stop web", W), ("docker images", N)]),
    row!("containers.docker-compose-down-volumes", P::Containers, "docker-compose", &["down"], &[Opt(&["-v", "--volumes"])], A::Remote, DES, T::None, Fixed, "removes the project's volumes and their data", None, &[("docker-compose down --volumes", D), ("docker-compose up -d", N)]),
    row!("cloud.doctl-databases-delete", P::Cloud, "doctl", &["databases", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a database cluster", None, &[("doctl databases delete db-1", C)]),
    row!("cloud.doctl-delete", P::Cloud, "doctl", &[], &[Operand(&["delete", "rm"])], A::Remote, DES, T::None, Fixed, "deletes a cloud resource", None, &[("doctl compute droplet delete web-1", D), ("doctl compute droplet list", N)]),
    row!("cloud.doctl-delete-alias", P::Cloud, "doctl", &[], &[Operand(&["d", "del", "rm", "delete"])], A::Remote, DES, T::None, Fixed, "deletes a DigitalOcean resource", None, &[("doctl compute droplet d web", D), ("doctl compute droplet list", N)]),
    row!("secrets.doppler-delete", P::Secrets, "doppler", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes secrets, a config or a project", None, &[("doppler secrets delete API_KEY -y", D), ("doppler projects delete backend --yes", D), ("doppler secrets get API_KEY", N)]),
    row!("database.dotnet-ef-drop", P::Database, "dotnet", &["ef", "database", "drop"], &[], A::Remote, CAT, T::None, Fixed, "drops the database", None, &[("dotnet ef database drop --force", C), ("dotnet build", N)]),
    row!("publish.dotnet-nuget-push", P::Publish, "dotnet", &["nuget", "push"], &[], A::Publish, DES, T::None, Fixed, "publishes a package version to NuGet", None, &[("dotnet nuget push pkg.nupkg -k key", D)]),
    row!("system.dpkg-remove", P::System, "dpkg", &[], &[Opt(&["-r", "--remove", "-P", "--purge"])], A::System, DES, T::None, Fixed, "removes packages (with --force-all, even essential ones)", None, &[("dpkg --purge --force-all libc6", D), ("dpkg -l", N)]),
    row!("database.drizzle-push-force", P::Database, "drizzle-kit", &["push"], &[Opt(&["--force"])], A::Remote, DES, T::None, Fixed, "applies schema changes that drop data without asking", None, &[("drizzle-kit push --force", D), ("npx drizzle-kit push --force", D), ("drizzle-kit generate", N)]),
    row!("system.dropdb", P::Database, "dropdb", &[], &[], A::Remote, CAT, T::None, Fixed, "drops a PostgreSQL database", Some("dump it first (pg_dump)"), &[("dropdb prod", C)]),
    row!("database.dropuser", P::Database, "dropuser", &[], &[], A::Remote, DES, T::None, Fixed, "drops a PostgreSQL role", None, &[("dropuser app", D)]),
    row!("fs.ed-script", P::Filesystem, "ed", &[], &[Fed], A::Write, DES, T::None, Fixed, "runs a script from standard input, which may write any file (`w FILE`)", None, &[("printf 'w ../.bashrc\n' | ed -s a.txt", D)]),
    row!("fs.ed", P::Filesystem, "ed", &[], &[], A::Write, WRI, T::PathsSkipping(&["-p", "--prompt"]), File, "edits files by a script", None, &[("ed -s ~/.bashrc <<< $',d\nw'", D), ("ed -s notes.txt", W)]),
    row!("system.efibootmgr-delete", P::System, "efibootmgr", &[], &[Opt(&["-B", "--delete-bootnum", "-O", "--delete-bootorder"])], A::System, DES, T::None, Fixed, "deletes boot entries", None, &[("efibootmgr -b 0001 -B", D), ("efibootmgr -v", N)]),
    row!("kubernetes.eksctl-delete", P::Kubernetes, "eksctl", &["delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes an EKS cluster or node group", None, &[("eksctl delete cluster --name prod", C), ("eksctl get cluster", N)]),
    row!("database.etcd-delete-prefix", P::Database, "etcdctl", &["del"], &[Opt(&["--prefix", "--from-key"])], A::Remote, CAT, T::None, Fixed, "deletes every key under a prefix", None, &[("etcdctl del --prefix ''", C)]),
    row!("database.etcd-delete", P::Database, "etcdctl", &["del"], &[], A::Remote, DES, T::None, Fixed, "deletes keys", None, &[("etcdctl del k", D), ("etcdctl get k", N)]),
    row!("fs.ex", P::Filesystem, "ex", &[], &[], A::Write, WRI, T::PathsSkipping(VIM_VALUES), File, "edits files by a script", None, &[("ex -sc '%d|x' ~/.bashrc", D), ("ex -sc 'wq' notes.txt", U)]),
    row!("cloud.exo-delete", P::Cloud, "exo", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes an Exoscale resource", None, &[("exo compute instance delete web", D)]),
    row!("fs.fallocate-holes", P::Filesystem, "fallocate", &[], &[Opt(&["-p", "--punch-hole", "-c", "--collapse-range", "-z", "--zero-range", "-i", "--insert-range", "-d", "--dig-holes"])], A::Write, WRI, T::PathsSkipping(&["-l", "--length", "-o", "--offset"]), File, "zeroes or removes ranges of a file", None, &[("fallocate --punch-hole -l 100 ../notes.txt", D), ("fallocate -p -l 1 data.bin", W)]),
    row!("fs.fdisk", P::Filesystem, "fdisk", &[], &[Not(&["-l", "--list"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("fdisk /dev/sda", C), ("fdisk -l", N)]),
    row!("fs.find-fprint", P::Filesystem, "find", &[], &[Opt(&["-fprint", "-fprint0", "-fprintf", "-fls"])], A::Write, WRI, T::OptionValue(&["-fprint", "-fprint0", "-fprintf", "-fls"]), File, "writes the names it finds to a file", None, &[("find / -fprint /dev/sda", C), ("find . -fprint ~/.bashrc", D), ("find . -fprint list.txt", W)]),
    row!("fs.find-delete-all", P::Filesystem, "find", &[], &[Opt(&["-delete"]), Not(FIND_FILTERS)], A::Delete, DES, T::FindRoots, Tree, "deletes every file under its starting points", Some("run it without -delete first to see the list"), &[("find / -delete", C), ("find . -delete", C), ("find node_modules -delete", W), ("find build -delete", D), ("find . -name x", N)]),
    row!("fs.find-delete", P::Filesystem, "find", &[], &[Opt(&["-delete"]), Opt(FIND_FILTERS)], A::Delete, DES, T::FindRoots, Scoped, "deletes every file it finds", Some("run it without -delete first to see the list"), &[("find . -name '*.o' -delete", D), ("find ~ -type f -delete", D), ("find /tmp/foo -name '*.log' -delete", W), ("find / -name x -delete", D)]),
    row!("fs.find-exec-rm-all", P::Filesystem, "find", &[], &[Word(FIND_EXEC), Word(DELETERS), Word(&["{}"]), Not(FIND_FILTERS)], A::Delete, DES, T::FindRoots, Tree, "deletes every file under its starting points", Some("run it with -print instead first to see the list"), &[("find . -exec rm -rf {} +", C), ("find ./root -exec rm -r {} \\;", D), ("find . -exec cat {} +", N)]),
    row!("fs.find-exec-rm", P::Filesystem, "find", &[], &[Word(FIND_EXEC), Word(DELETERS), Word(&["{}"]), Opt(FIND_FILTERS)], A::Delete, DES, T::FindRoots, Scoped, "deletes every file it finds", Some("run it with -print instead first to see the list"), &[("find . -type f -exec rm -f {} +", D), ("find /etc -type f -exec rm -f {} +", D), ("find /tmp/x -name '*.o' -exec rm {} +", W)]),
    row!("fs.find-exec-modify", P::Filesystem, "find", &[], &[Word(FIND_EXEC), Word(MODIFIERS), Word(&["{}"])], A::Write, DES, T::FindRoots, Scoped, "changes every file it finds", Some("run it with -print instead first to see the list"), &[("find ~ -type f -exec cp /dev/null {} \\;", D), ("find / -exec chmod 000 {} +", D), ("find src -name '*.rs' -exec wc -l {} +", N)]),
    row!("cloud.firebase-delete", P::Cloud, "firebase", &[], &[Operand(&["firestore:delete", "database:remove", "hosting:disable", "functions:delete", "projects:delete"])], A::Remote, DES, T::None, Fixed, "deletes data or resources of a Firebase project", None, &[("firebase firestore:delete --all-collections", D), ("firebase functions:delete fn", D), ("firebase deploy --only hosting", N)]),
    row!("system.flashrom-write", P::System, "flashrom", &[], &[Opt(&["-w", "--write", "-E", "--erase"])], A::Device, CAT, T::None, Fixed, "rewrites or erases a firmware chip", None, &[("flashrom -p internal -w bios.bin", C), ("flashrom -p internal -r backup.bin", N)]),
    row!("publish.flit-publish", P::Publish, "flit", &["publish"], &[], A::Publish, DES, T::None, Fixed, "publishes a package version to PyPI", None, &[("flit publish", D)]),
    row!("kubernetes.flux-uninstall", P::Kubernetes, "flux", &[], &[Operand(&["uninstall", "delete"])], A::Remote, DES, T::None, Fixed, "removes Flux or its objects from the cluster", None, &[("flux uninstall", D), ("flux delete kustomization x", D), ("flux get all", N)]),
    row!("cloud.fly-destroy", P::Cloud, "fly", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys an app or volume", None, &[("fly apps destroy my-app", C)]),
    row!("cloud.fly-delete-alias", P::Cloud, "fly", &[], &[Operand(&["delete", "rm", "remove", "destroy"])], A::Remote, DES, T::None, Fixed, "deletes a Fly app, machine or volume", None, &[("fly vol delete vol_1", D), ("fly status", N)]),
    row!("cloud.fly-destroy", P::Cloud, "flyctl", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys an app or volume", None, &[("flyctl apps destroy my-app -y", C)]),
    row!("cloud.fly-delete-alias", P::Cloud, "flyctl", &[], &[Operand(&["delete", "rm", "remove", "destroy"])], A::Remote, DES, T::None, Fixed, "deletes a Fly app, machine or volume", None, &[("flyctl machine rm m1", D)]),
    row!("database.flyway-clean", P::Database, "flyway", &[], &[Operand(&["clean"])], A::Remote, CAT, T::None, Fixed, "drops every object in the configured schemas", None, &[("flyway clean", C), ("flyway migrate", N)]),
    row!("fs.format-volume", P::Filesystem, "format-volume", &[], &[NoWord(WHAT_IF)], A::Device, CAT, T::None, Fixed, "formats a volume: erases everything on it (PowerShell)", None, &[("Format-Volume -DriveLetter C", C), ("FORMAT-VOLUME -DriveLetter D", C), ("format-volume -driveletter d -whatif", N)]),
    row!("cloud.gcloud-projects-delete", P::Cloud, "gcloud", &["projects", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a Google Cloud project", None, &[("gcloud projects delete p", C)]),
    row!("cloud.gcloud-sql-delete", P::Cloud, "gcloud", &["sql", "instances", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a Cloud SQL instance", None, &[("gcloud sql instances delete db", C)]),
    row!("cloud.gcloud-storage-rm-recursive", P::Cloud, "gcloud", &["storage", "rm"], &[Opt(&["-r", "-R", "--recursive"])], A::Remote, CAT, T::None, Fixed, "deletes every object under a bucket or prefix", None, &[("gcloud storage rm -r gs://bucket", C)]),
    row!("cloud.gcloud-storage-rm", P::Cloud, "gcloud", &["storage", "rm"], &[], A::Remote, DES, T::None, Fixed, "deletes objects", None, &[("gcloud storage rm gs://bucket/a", D)]),
    row!("cloud.gcloud-buckets-delete", P::Cloud, "gcloud", &["buckets", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a bucket", None, &[("gcloud storage buckets delete gs://b", C)]),
    row!("cloud.gcloud-clusters-delete", P::Cloud, "gcloud", &["clusters", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a Kubernetes cluster", None, &[("gcloud container clusters delete prod", C)]),
    row!("cloud.gcloud-secrets-delete", P::Cloud, "gcloud", &["secrets", "delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a secret", None, &[("gcloud secrets delete db-pass", D)]),
    row!("cloud.gcloud-destroy", P::Cloud, "gcloud", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys a key version (what it encrypted is lost)", None, &[("gcloud kms keys versions destroy 1 --key k --keyring r --location l", C)]),
    row!("cloud.gcloud-storage-rsync-delete", P::Cloud, "gcloud", &["storage", "rsync"], &[Opt(&["--delete-unmatched-destination-objects"])], A::Remote, DES, T::None, Fixed, "deletes objects the source does not have", None, &[("gcloud storage rsync dist gs://b --delete-unmatched-destination-objects", D)]),
    row!("cloud.gcloud-delete", P::Cloud, "gcloud", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a Google Cloud resource", None, &[("gcloud compute instances delete vm", D), ("gcloud compute instances list", N)]),
    row!("fs.gdisk", P::Filesystem, "gdisk", &[], &[Not(&["-l"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("gdisk /dev/sda", C), ("gdisk -l /dev/sda", N)]),
    row!("publish.gem-push", P::Publish, "gem", &[], &[Operand(&["push", "yank"])], A::Publish, DES, T::None, Fixed, "publishes or yanks a gem version", None, &[("gem push pkg-1.0.gem", D), ("gem install rails", N)]),
    row!("git.gh-api-mutation", P::Git, "gh", &["api", "graphql"], &[WordContains("mutation")], A::Remote, DES, T::None, Fixed, "changes GitHub through a GraphQL mutation", None, &[("gh api graphql -f query='mutation{deleteRef(input:{refId:\"x\"}){clientMutationId}}'", D), ("gh api graphql -f query='{viewer{login}}'", N)]),
    row!("git.gh-api-force", P::Git, "gh", &["api"], &[WordContains("force=true")], A::Publish, CAT, T::None, Fixed, "moves a ref by force through the API", None, &[("gh api -X PATCH repos/o/r/git/refs/heads/main -f sha=abc -F force=true", C)]),
    row!("git.gh-repo-sync-force", P::Git, "gh", &["repo", "sync"], &[Opt(&["--force"])], A::Publish, DES, T::None, Fixed, "resets the destination branch to the source, discarding its commits", None, &[("gh repo sync --force", D), ("gh repo sync", N)]),
    row!("git.gh-repo-delete", P::Git, "gh", &["repo", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a repository", None, &[("gh repo delete owner/repo --yes", C)]),
    row!("git.gh-release-delete", P::Git, "gh", &["release", "delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a release", None, &[("gh release delete v1.0 -y", D)]),
    row!("git.gh-secret-delete", P::Git, "gh", &["secret", "delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a secret", None, &[("gh secret delete TOKEN", D)]),
    row!("git.gh-issue-delete", P::Git, "gh", &["issue", "delete"], &[], A::Remote, DES, T::None, Fixed, "deletes an issue", None, &[("gh issue delete 12 --yes", D)]),
    row!("git.gh-api-delete", P::Git, "gh", &["api"], &[Word(&["DELETE", "--method=DELETE", "-XDELETE", "delete", "--method=delete", "-Xdelete", "Delete"])], A::Remote, DES, T::None, Fixed, "sends a DELETE request to the GitHub API", None, &[("gh api -X DELETE repos/o/r", D), ("gh api --method=DELETE repos/o/r/git/refs/heads/x", D), ("gh api repos/o/r", N)]),
    row!("git.gh-pr-merge", P::Git, "gh", &["pr", "merge"], &[], A::Publish, WRI, T::None, Fixed, "merges a pull request", None, &[("gh pr merge 12 --squash", W), ("gh pr list", N)]),
    row!("git.gh-delete", P::Git, "gh", &[], &[Operand(&["delete", "delete-asset", "archive"])], A::Remote, DES, T::None, Fixed, "deletes or archives a GitHub resource (gist, release asset, secret, variable, key, label, run, cache, project, codespace)", None, &[("gh gist delete 123", D), ("gh release delete-asset v1 a.zip", D), ("gh cache delete --all", D), ("gh gist list", N)]),
    row!("publish.gh-repo-public", P::Publish, "gh", &["repo", "edit"], &[Word(&["public", "--visibility=public"])], A::Publish, DES, T::None, Fixed, "makes a repository public", None, &[("gh repo edit --visibility public --accept-visibility-change-consequences", D), ("gh repo edit --description x", N)]),
    row!("publish.gh-api-public", P::Publish, "gh", &["api"], &[Word(&["private=false", "visibility=public"])], A::Publish, DES, T::None, Fixed, "makes a repository public through the API", None, &[("gh api -X PATCH repos/o/r -f private=false", D), ("gh api repos/o/r", N)]),
    row!("publish.gh-gist-public", P::Publish, "gh", &["gist", "create"], &[Opt(&["--public", "-p"])], A::Publish, DES, T::None, Fixed, "publishes files as a public gist", Some("gh gist create without --public (secret)"), &[("gh gist create --public .env", D), ("gh gist create notes.md", N)]),
    row!("fs.gio-remove", P::Filesystem, "gio", &[], &[Operand(&["remove", "rm", "trash"])], A::Delete, DES, T::Paths, File, "deletes or trashes files", None, &[("gio remove ~/.ssh/id_rsa", D), ("gio info x", N)]),
    row!("git.branch-force-delete", P::Git, "git", &["branch"], &[Not(crate::exact::GIT_BRANCH_LISTS), Opt(&["-D"])], A::Discard, DES, T::None, Fixed, "deletes a branch even if it is not merged", Some("git branch -d (refuses unmerged branches)"), &[("git branch -D feature", D), ("git branch -d feature", D)]),
    row!("git.branch-delete-force", P::Git, "git", &["branch"], &[Not(crate::exact::GIT_BRANCH_LISTS), Opt(&["-d", "--delete"]), Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "deletes a branch even if it is not merged", Some("git branch -d (refuses unmerged branches)"), &[("git branch --delete --force x", D)]),
    row!("git.branch-move-force", P::Git, "git", &["branch"], &[Not(crate::exact::GIT_BRANCH_LISTS), Opt(&["-m", "--move", "-c", "--copy"]), Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "renames or copies a branch over an existing one", None, &[("git branch --move --force old main", D), ("git branch -mf old main", D), ("git branch -m old new", N)]),
    row!("git.branch-force-rename", P::Git, "git", &["branch"], &[Not(crate::exact::GIT_BRANCH_LISTS), Opt(&["-M", "-C"])], A::Discard, DES, T::None, Fixed, "renames or copies a branch over an existing one", None, &[("git branch -M old-name existing-name", D), ("git branch -C a b", D)]),
    row!("git.branch-delete", P::Git, "git", &["branch"], &[Not(crate::exact::GIT_BRANCH_LISTS), Opt(&["-d", "--delete"]), Not(&["--no-delete"])], A::Discard, DES, T::None, Fixed, "deletes a branch and its reflog (refused if not merged)", Some("git branch -m to rename it aside, or note its commit first"), &[("git branch -d merged-branch", D), ("git branch --delete merged-branch", D), ("git branch -vd merged-branch", D), ("git branch --del x", D), ("git branch --no-delete -d x", D), ("git branch -d --no-delete x", N), ("git branch --format -d", N), ("git branch --merged -d x", N), ("git branch -u -d x", N), ("git branch -dh x", N), ("git branch -- -d", N), ("git branch --end-of-options -d", N), ("git branch -a", N), ("git branch feature-new", N), ("git branch --set-upstream -d x", D), ("git --no-literal-pathspecs branch --del x", D), ("git --shallow-file f branch -d x", D), ("git --exec-path branch -d x", N), ("git --version branch -d x", N), ("git branch $(cat f)", D), ("git branch --format -d x", N)]),
    row!("git.checkout-pathspec-file", P::Git, "git", &["checkout"], &[Opt(&["--pathspec-from-file"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in the paths a file or standard input lists", Some("git stash first"), &[("git checkout --pathspec-from-file=- <<< .", D)]),
    row!("git.checkout-paths", P::Git, "git", &["checkout"], &[DashDash], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in the named paths", Some("git stash first, or git diff to see what would be lost"), &[("git checkout -- src/main.rs", D), ("git checkout HEAD -- .", D)]),
    row!("git.checkout-dot-path", P::Git, "git", &["checkout"], &[OperandStarts("./")], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in the named paths", Some("git stash first"), &[("git checkout ./src", D)]),
    row!("git.checkout-tree-paths", P::Git, "git", &["checkout"], &[Operands(2), Not(&["-b", "-B", "--orphan", "-t", "--track", "--detach"])], A::Discard, DES, T::None, Fixed, "overwrites the named paths from another commit, discarding their changes", Some("git stash first"), &[("git checkout HEAD src/", D), ("git checkout -b feat origin/main", N), ("git checkout main", N)]),
    row!("git.checkout-glob", P::Git, "git", &["checkout"], &[OperandContains(&["*", "?", ":(glob)", ":/"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in every matching path", Some("git stash first"), &[("git checkout '*'", D), ("git checkout '*.rs'", D)]),
    row!("git.checkout-discard", P::Git, "git", &["checkout"], &[Operand(&[".", "--", ":/"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git checkout -- .", D), ("git checkout .", D), ("git checkout main", N)]),
    row!("git.checkout-existing-path", P::Git, "git", &["checkout"], &[OperandExists, Not(&["-b", "-B", "--orphan", "-t", "--track", "--detach", "-c", "-C"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in the named paths (an operand that is a path, not a branch)", Some("git stash first, or git diff to see what would be lost"), &[("git checkout main", N)]),
    row!("git.checkout-force", P::Git, "git", &["checkout"], &[Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git checkout -f main", D)]),
    row!("git.clean-unforced", P::Git, "git", &["clean"], &[WordContains("requireforce="), Not(DRY)], A::Discard, DES, T::None, Fixed, "deletes untracked files (clean.requireForce is turned off)", Some("git clean -n first to see the list"), &[("git -c clean.requireForce=false clean -dx", D), ("git -c clean.requireforce=0 clean -dx", D)]),
    row!("git.clean", P::Git, "git", &["clean"], &[Opt(&["-f", "--force"]), Not(DRY)], A::Discard, DES, T::None, Fixed, "deletes untracked files", Some("git clean -n first to see the list"), &[("git clean -fdx", D), ("git clean -fd -n", N), ("git clean -n -fd", N), ("git clean -fdxn", N), ("git clean -fdx -enode_modules", D), ("git clean -f -e -n", D), ("git clean --force --dry", N), ("git clean -fd --no-dry-run", D), ("git clean -fd -- -n", D)]),
    row!("git.filter-branch", P::Git, "git", &["filter-branch"], &[], A::Publish, DES, T::None, Fixed, "rewrites history", None, &[("git filter-branch --tree-filter x HEAD", D)]),
    row!("git.filter-repo", P::Git, "git", &["filter-repo"], &[], A::Publish, DES, T::None, Fixed, "rewrites history", None, &[("git filter-repo --path x --invert-paths", D)]),
    row!("git.output", P::Git, "git", &[], &[Opt(&["--output"])], A::Write, WRI, T::OptionValue(&["--output"]), File, "writes its output to a file", None, &[("git diff --output=$HOME/.bashrc", D), ("git log --output=log.txt", W)]),
    row!("git.repack-drop", P::Git, "git", &["repack"], &[Opt(&["-d"]), Opt(&["-a"])], A::Discard, DES, T::None, Fixed, "repacks and drops unreachable objects (dropped stashes and lost commits go)", None, &[("git repack -a -d", D), ("git repack -d", N)]),
    row!("git.gc-config-prune", P::Git, "git", &["gc"], &[WordContains("gc.")], A::Discard, DES, T::None, Fixed, "collects garbage with expiry settings given on the command line (may delete unreachable commits now)", None, &[("git -c gc.pruneExpire=now gc", D)]),
    row!("git.gc-prune-now", P::Git, "git", &["gc"], &[Opt(&["--prune=now", "--prune=all"])], A::Discard, DES, T::None, Fixed, "deletes unreachable commits now", None, &[("git gc --prune=now", D), ("git gc", N)]),
    row!("git.archive-runs-program", P::Git, "git", &["archive"], &[Open, Opt(&["--exec"])], A::Code, DES, T::None, Fixed, "runs a program it is given as the remote side", None, &[("git archive --remote=origin \"$X\" HEAD", D), ("git archive HEAD", N)]),
    row!("git.clone-runs-program", P::Git, "git", &["clone"], &[Open, Opt(&["--upload-pack", "-u"])], A::Code, DES, T::None, Fixed, "runs a program it is given as the remote side", None, &[("git clone \"$URL\"", D), ("git clone https://example.com/r.git", N)]),
    row!("git.fetch-runs-program", P::Git, "git", &["fetch"], &[Open, Opt(&["--upload-pack"])], A::Code, DES, T::None, Fixed, "runs a program it is given as the remote side", None, &[("git fetch origin \"$BRANCH\"", D), ("git fetch origin main", N)]),
    row!("git.ls-remote-runs-program", P::Git, "git", &["ls-remote"], &[Open, Opt(&["--upload-pack"])], A::Code, DES, T::None, Fixed, "runs a program it is given as the remote side", None, &[("git ls-remote origin \"$REF\"", D)]),
    row!("git.pull-runs-program", P::Git, "git", &["pull"], &[Open, Opt(&["--upload-pack"])], A::Code, DES, T::None, Fixed, "runs a program it is given as the remote side", None, &[("git pull origin \"$B\"", D)]),
    row!("git.pull-force-local", P::Git, "git", &["pull"], &[ForcedLocalRef], A::Write, DES, T::None, Fixed, "moves a local branch to what it fetches, losing its own commits", None, &[("git pull origin +main:main", D), ("git pull origin main", N)]),
    row!("git.config-forced-pull", P::Git, "git", &["pull"], &[WordContains(".fetch=+")], A::Write, DES, T::None, Fixed, "sets a fetch refspec that moves local branches by force", None, &[("git -c remote.origin.fetch=+refs/heads/*:refs/heads/* pull", D)]),
    row!("git.push-prune", P::Git, "git", &["push"], &[Opt(&["--prune"])], A::Publish, DES, T::None, Fixed, "deletes remote branches that have no local counterpart", Some("git push --prune --dry-run first"), &[("git push --prune origin 'refs/heads/*'", D)]),
    row!("git.push-config-mirror", P::Git, "git", &["push"], &[WordContains(".mirror")], A::Publish, CAT, T::None, Fixed, "pushes as a mirror (a remote's mirror setting given on the command line): force-updates and deletes remote refs", Some("git push --force-with-lease"), &[("git -c remote.origin.mirror=true push origin", C)]),
    row!("git.push-config-force", P::Git, "git", &["push"], &[WordContains(".push=+")], A::Publish, CAT, T::None, Fixed, "force-pushes through a refspec set on the command line", Some("git push --force-with-lease"), &[("git -c remote.origin.push=+refs/heads/*:refs/heads/* push origin", C)]),
    row!("git.push-force", P::Git, "git", &["push"], &[Opt(&["-f", "--force", "--mirror"])], A::Publish, CAT, T::None, Fixed, "force-pushes: replaces published history", Some("git push --force-with-lease"), &[("git push --force origin main", C), ("git push -f", C), ("git push --mirror backup", C), ("git push --force-with-lease", W), ("git push --force-with-lease --force origin main", C), ("git push --force-if-includes --force origin main", C), ("git push $F origin main", C), ("git push origin \"$BRANCH\"", C), ("git push -u $F origin main", C), ("git -C \"$DIR\" push origin main", W)]),
    row!("git.push-runs-program", P::Git, "git", &["push"], &[Open, Opt(&["--receive-pack", "--exec"])], A::Code, DES, T::None, Fixed, "runs a program it is given as the remote side", None, &[("git push origin \"$B\"", C)]),
    row!("git.push-lease", P::Git, "git", &["push"], &[Opt(&["--force-with-lease"])], A::Publish, WRI, T::None, Fixed, "force-pushes if the remote is as last fetched", None, &[("git push --force-with-lease origin x", W)]),
    row!("git.push-plus-ref", P::Git, "git", &["push"], &[OperandStarts("+")], A::Publish, CAT, T::None, Fixed, "force-pushes a ref (`+ref`): replaces published history", Some("git push --force-with-lease"), &[("git push origin +main", C)]),
    row!("git.push-delete", P::Git, "git", &["push"], &[Opt(&["-d", "--delete"])], A::Publish, DES, T::None, Fixed, "deletes a remote branch or tag", None, &[("git push origin --delete old", D)]),
    row!("git.push-delete-ref", P::Git, "git", &["push"], &[OperandStarts(":")], A::Publish, DES, T::None, Fixed, "deletes a remote ref (`:ref`)", None, &[("git push origin :old", D)]),
    row!("git.push-tags", P::Git, "git", &["push"], &[Opt(&["--tags"])], A::Publish, WRI, T::None, Fixed, "publishes tags", None, &[("git push --tags", W)]),
    row!("git.push", P::Git, "git", &["push"], &[], A::Publish, WRI, T::None, Fixed, "publishes commits", None, &[("git push origin main", W)]),
    row!("git.lfs-migrate", P::Git, "git", &["lfs", "migrate"], &[Operand(&["import", "export"])], A::Publish, DES, T::None, Fixed, "rewrites history", None, &[("git lfs migrate import --everything --above=1MB", D), ("git lfs migrate info --everything", N)]),
    row!("git.lfs-prune", P::Git, "git", &["lfs", "prune"], &[], A::Delete, WRI, T::None, Fixed, "deletes local copies of old LFS files", None, &[("git lfs prune", W)]),
    row!("git.prune", P::Git, "git", &["prune"], &[Not(DRY)], A::Discard, DES, T::None, Fixed, "deletes unreachable objects", None, &[("git prune", D), ("git prune -n", N)]),
    row!("git.read-tree-reset", P::Git, "git", &["read-tree"], &[Opt(&["--reset"]), Opt(&["-u"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes, like reset --hard", None, &[("git read-tree --reset -u HEAD", D), ("git read-tree HEAD", N)]),
    row!("git.rebase", P::Git, "git", &["rebase"], &[], A::Write, WRI, T::None, Fixed, "rewrites local history (the reflog keeps the old commits)", None, &[("git rebase -i HEAD~3", W), ("git remote prune origin", N)]),
    row!("git.reflog-delete", P::Git, "git", &["reflog", "delete"], &[], A::Discard, DES, T::None, Fixed, "deletes reflog entries", None, &[("git reflog delete HEAD@{1}", D)]),
    row!("git.reflog-expire", P::Git, "git", &["reflog", "expire"], &[], A::Discard, DES, T::None, Fixed, "forgets the reflog: lost commits become unrecoverable", None, &[("git reflog expire --expire=now --all", D)]),
    row!("git.reset-hard", P::Git, "git", &["reset"], &[Opt(&["--hard", "--merge", "--keep"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git reset --hard HEAD~1", D), ("git reset HEAD~1", N)]),
    row!("git.restore-worktree", P::Git, "git", &["restore"], &[Opt(&["-W", "--worktree"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in the working tree", Some("git stash first"), &[("git restore -S -W file.txt", D)]),
    row!("git.restore", P::Git, "git", &["restore"], &[Not(&["--staged", "-S"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in the working tree", Some("git stash first"), &[("git restore .", D), ("git restore --staged a.txt", N)]),
    row!("git.remote-mirror", P::Git, "git", &["remote"], &[Operand(&["add", "set-url"]), Opt(&["--mirror", "--mirror=push"])], A::Write, DES, T::None, Fixed, "adds a mirror remote: every later push to it force-updates and deletes its refs", None, &[("git remote add --mirror=push bk ../remote.git", D), ("git remote add origin ../r.git", N)]),
    row!("git.remote-remove", P::Git, "git", &["remote"], &[Operand(&["remove", "rm"])], A::Write, WRI, T::None, Fixed, "removes a remote and its tracking branches", None, &[("git remote remove upstream", W), ("git remote -v", N)]),
    row!("git.rm-force", P::Git, "git", &["rm"], &[Opt(&["-f", "--force"]), Not(&["--cached", "-n", "--dry-run"])], A::Discard, DES, T::None, Fixed, "deletes files with their uncommitted changes", Some("git stash first"), &[("git rm -f src/main.rs", D), ("git rm -r -f src/legacy", D), ("git rm -f --cached x", D), ("git rm --cached -f x", W)]),
    row!("git.rm", P::Git, "git", &["rm"], &[], A::Delete, WRI, T::None, Fixed, "deletes tracked files (their last committed state stays in history)", None, &[("git rm -r old", W)]),
    row!("git.stash-clear", P::Git, "git", &["stash", "clear"], &[], A::Discard, DES, T::None, Fixed, "drops every stash", None, &[("git stash clear", D)]),
    row!("git.stash-drop", P::Git, "git", &["stash", "drop"], &[], A::Discard, DES, T::None, Fixed, "drops a stash", None, &[("git stash drop stash@{0}", D), ("git stash list", N), ("git stash \"$op\"", D), ("git stash push -m \"$MSG\"", N)]),
    row!("git.submodule-update-force", P::Git, "git", &["submodule", "update"], &[Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "checks submodules out again, discarding their uncommitted changes", Some("git submodule foreach git stash first"), &[("git submodule update --force", D), ("git submodule update --init", N)]),
    row!("git.submodule-deinit-force", P::Git, "git", &["submodule", "deinit"], &[Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "removes a submodule's working tree with its local changes", None, &[("git submodule deinit -f --all", D)]),
    row!("git.switch-discard", P::Git, "git", &["switch"], &[Opt(&["--discard-changes", "-f", "--force"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git switch --discard-changes main", D), ("git switch main", N)]),
    row!("git.tag-delete", P::Git, "git", &["tag"], &[Opt(&["-d", "--delete"])], A::Write, WRI, T::None, Fixed, "deletes a local tag", None, &[("git tag -d v1.0", W), ("git tag -l", N)]),
    row!("git.config-runs", P::Git, "git", &["config"], &[OperandContains(GIT_CODE_KEYS), Not(&["--get", "--get-all", "--list", "-l", "--get-regexp", "--unset", "--unset-all"])], A::Write, DES, T::None, Fixed, "sets git configuration that runs programs or turns a safety off for later git commands", None, &[("git config core.fsmonitor 'rm -rf ~ #'", D), ("git config clean.requireForce false", D), ("git config remote.origin.mirror true", D), ("git config --global alias.nuke 'reset --hard'", D), ("git config user.name me", N), ("git config --get core.editor", N)]),
    row!("git.checkout-index", P::Git, "git", &["checkout-index"], &[Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "overwrites working files from the index, discarding their changes", None, &[("git checkout-index -a -f", D)]),
    row!("git.apply-reverse", P::Git, "git", &["apply"], &[Opt(&["-R", "--reverse"]), Not(&["--check", "--stat", "--numstat", "--summary"])], A::Discard, DES, T::None, Fixed, "reverts changes in the working tree", None, &[("git apply -R", D), ("git apply fix.patch", N)]),
    row!("git.update-ref-stdin", P::Git, "git", &["update-ref"], &[Opt(&["--stdin"])], A::Discard, DES, T::None, Fixed, "creates, moves or deletes refs as its input says", None, &[("git update-ref --stdin", D)]),
    row!("git.send-pack-plus-ref", P::Git, "git", &["send-pack"], &[OperandStarts("+")], A::Publish, CAT, T::None, Fixed, "force-pushes a ref (`+ref`): replaces published history", Some("git push --force-with-lease"), &[("git send-pack ../remote.git +master", C)]),
    row!("git.send-pack-delete-ref", P::Git, "git", &["send-pack"], &[OperandStarts(":")], A::Publish, DES, T::None, Fixed, "deletes a remote ref (`:ref`)", None, &[("git send-pack ../remote.git :feature", D)]),
    row!("git.send-pack-force", P::Git, "git", &["send-pack"], &[Opt(&["-f", "--force", "--mirror"])], A::Publish, CAT, T::None, Fixed, "force-pushes: replaces published history", Some("git push --force-with-lease"), &[("git send-pack --force origin main", C)]),
    row!("git.update-ref-delete", P::Git, "git", &["update-ref"], &[Opt(&["-d"])], A::Discard, DES, T::None, Fixed, "deletes a ref", None, &[("git update-ref -d refs/heads/x", D)]),
    row!("git.worktree-remove-force", P::Git, "git", &["worktree", "remove"], &[Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "removes a worktree with its uncommitted changes", None, &[("git worktree remove --force ../wt", D), ("git worktree list", N)]),
    row!("git.commit-amend", P::Git, "git", &["commit"], &[Opt(&["--amend"])], A::Write, WRI, T::None, Fixed, "replaces the last commit", None, &[("git commit --amend --no-edit", W)]),
    row!("git.branch-force-move", P::Git, "git", &["branch"], &[Opt(&["-f", "--force"]), Operands(1), Not(&["-d", "--delete", "-D", "-m", "-M", "-c", "-C"])], A::Discard, DES, T::None, Fixed, "moves an existing branch to another commit: its commits are left only in the reflog", Some("git branch NEW-NAME to keep the old one"), &[("git branch -f main HEAD~3", D), ("git branch -f feature", D), ("git branch --forc feature", D), ("git branch feature", N)]),
    row!("git.checkout-force-create", P::Git, "git", &["checkout"], &[Opt(&["-B"])], A::Discard, DES, T::None, Fixed, "resets a branch that may exist to another commit", Some("git checkout -b (refuses an existing branch)"), &[("git checkout -B main origin/main", D), ("git checkout -b new", N), ("git checkout -b \"$B\"", N), ("git checkout $BRANCH", D)]),
    row!("git.switch-force-create", P::Git, "git", &["switch"], &[Opt(&["-C", "--force-create"])], A::Discard, DES, T::None, Fixed, "resets a branch that may exist to another commit", Some("git switch -c (refuses an existing branch)"), &[("git switch -C main", D), ("git switch --force-create main origin/main", D), ("git switch -c new", N)]),
    row!("git.update-ref-move", P::Git, "git", &["update-ref"], &[Operands(2), OperandStarts("refs/heads/")], A::Discard, DES, T::None, Fixed, "moves a branch to another commit: its commits are left only in the reflog", None, &[("git update-ref refs/heads/main HEAD~5", D), ("git update-ref refs/tags/x HEAD", N)]),
    row!("git.archive-output", P::Git, "git", &["archive"], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes an archive over a file", None, &[("git archive -o ~/.bashrc HEAD", D), ("git archive --output=out.tar HEAD", W), ("git archive HEAD", N)]),
    row!("git.bundle-create", P::Git, "git", &["bundle", "create"], &[], A::Write, WRI, T::Paths, File, "writes a bundle over a file", None, &[("git bundle create ~/.bashrc HEAD", D), ("git bundle create repo.bundle --all", W)]),
    row!("git.fetch-force-local", P::Git, "git", &["fetch"], &[ForcedLocalRef], A::Write, DES, T::None, Fixed, "moves a local branch to what it fetches, losing its own commits", None, &[("git fetch . +HEAD:feature", D), ("git fetch origin +main:main", D), ("git fetch -f origin main:main", D), ("git fetch origin +refs/heads/*:refs/remotes/origin/*", N), ("git fetch origin main:main", N), ("git fetch origin", N)]),
    row!("git.config-forced-fetch", P::Git, "git", &["fetch"], &[WordContains(".fetch=+")], A::Write, DES, T::None, Fixed, "sets a fetch refspec that moves local branches by force", None, &[("git -c remote.origin.fetch=+refs/heads/*:refs/heads/* fetch origin", D), ("git log -n $N", W)]),
    row!("git.worktree-force-create", P::Git, "git", &["worktree", "add"], &[Opt(&["-B"])], A::Discard, DES, T::None, Fixed, "resets a branch that may exist to another commit", Some("git worktree add -b (refuses an existing branch)"), &[("git worktree add -B feature ../wt2", D), ("git worktree add -b new ../wt", N)]),
    // `hub` is read as git (its aliases), so its own `hub delete` is here.
    row!("git.hub-repo-delete", P::Git, "git", &["delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a repository (hub delete)", None, &[("hub delete -y o/r", C)]),
    row!("cloud.gitlab-runner-unregister", P::Cloud, "gitlab-runner", &["unregister"], &[], A::Remote, DES, T::None, Fixed, "unregisters CI runners", None, &[("gitlab-runner unregister --all-runners", D), ("gitlab-runner list", N)]),
    row!("git.glab-delete", P::Git, "glab", &[], &[Operand(&["delete", "archive"])], A::Remote, DES, T::None, Fixed, "deletes or archives a GitLab resource (repository, release, variable, ...)", None, &[("glab repo delete -y o/r", D), ("glab repo view", N)]),
    row!("secrets.gopass-rm", P::Secrets, "gopass", &[], &[Operand(&["rm", "delete", "remove"])], A::Remote, DES, T::None, Fixed, "deletes secrets from the store", None, &[("gopass rm -r -f /", D), ("gopass ls", N)]),
    row!("fs.gpg-output", P::Filesystem, "gpg", &[], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes its output to a file", None, &[("gpg --yes -o /dev/sda -c /dev/zero", C), ("gpg --yes -o ~/.bashrc -c /dev/null", D), ("gpg -o out.gpg -c in.txt", W)]),
    row!("secrets.gpg-delete-keys", P::Secrets, "gpg", &[], &[Opt(&["--delete-secret-keys", "--delete-keys", "--delete-secret-and-public-keys", "--delete-key", "--delete-secret-key"])], A::Remote, DES, T::None, Fixed, "deletes keys from the keyring", Some("gpg --export-secret-keys to back them up first"), &[("gpg --batch --yes --delete-secret-keys FPR", D), ("gpg --list-keys", N)]),
    row!("publish.gradle-publish", P::Publish, "gradle", &[], &[OperandStarts("publish")], A::Publish, DES, T::None, Fixed, "publishes artifacts to a repository", None, &[("gradle publish", D), ("gradle build", N)]),
    row!("publish.gradle-publish", P::Publish, "gradlew", &[], &[OperandStarts("publish")], A::Publish, DES, T::None, Fixed, "publishes artifacts to a repository", None, &[("./gradlew publishToMavenCentral", D), ("./gradlew test", N)]),
    row!("system.groupdel", P::System, "groupdel", &[], &[], A::System, DES, T::None, Fixed, "deletes a group", None, &[("groupdel devs", D)]),
    row!("cloud.gsutil-rm-recursive", P::Cloud, "gsutil", &["rm"], &[Opt(&["-r", "-R", "-a"])], A::Remote, CAT, T::None, Fixed, "deletes every object under a bucket or prefix", None, &[("gsutil rm -r gs://bucket", C), ("gsutil -m rm -r gs://b/dir", C)]),
    row!("cloud.gsutil-rm", P::Cloud, "gsutil", &["rm"], &[], A::Remote, DES, T::None, Fixed, "deletes objects", None, &[("gsutil rm gs://b/a.txt", D), ("gsutil ls gs://b", N)]),
    row!("cloud.gsutil-rb", P::Cloud, "gsutil", &["rb"], &[], A::Remote, CAT, T::None, Fixed, "deletes a bucket", None, &[("gsutil rb gs://b", C)]),
    row!("cloud.gsutil-rsync-delete", P::Cloud, "gsutil", &["rsync"], &[Opt(&["-d"])], A::Remote, DES, T::None, Fixed, "deletes objects the source does not have", Some("gsutil rsync -n first"), &[("gsutil rsync -d -r dist gs://b", D), ("gsutil rsync -r dist gs://b", N)]),
    row!("publish.gsutil-public", P::Publish, "gsutil", &[], &[WordContains("llUsers")], A::Publish, DES, T::None, Fixed, "makes Cloud Storage data readable by anyone", None, &[("gsutil iam ch allUsers:objectViewer gs://b", D), ("gsutil acl ch -u AllUsers:R gs://b/o", D), ("gsutil ls gs://b", N)]),
    row!("system.reboot", P::System, "halt", &[], &[], A::System, DES, T::None, Fixed, "stops the machine", None, &[("halt", D)]),
    row!("publish.hatch-publish", P::Publish, "hatch", &["publish"], &[], A::Publish, DES, T::None, Fixed, "publishes a package version to PyPI", None, &[("hatch publish", D)]),
    row!("cloud.hcloud-delete", P::Cloud, "hcloud", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes a Hetzner Cloud resource", None, &[("hcloud server delete s", D), ("hcloud volume delete v", D), ("hcloud server list", N)]),
    row!("fs.hdparm-erase", P::Filesystem, "hdparm", &[], &[Opt(&["--security-erase", "--security-erase-enhanced", "--trim-sector-ranges", "--write-sector"])], A::Device, CAT, T::None, Fixed, "erases a drive", None, &[("hdparm --security-erase p /dev/sda", C), ("hdparm -I /dev/sda", N)]),
    row!("kubernetes.helm-uninstall", P::Kubernetes, "helm", &[], &[Operand(&["uninstall", "delete", "del", "un"])], A::Remote, DES, T::None, Fixed, "uninstalls a release and its resources", Some("helm uninstall --dry-run first"), &[("helm uninstall web", D), ("helm list", N)]),
    row!("kubernetes.helm-rollback", P::Kubernetes, "helm", &[], &[Operand(&["rollback", "upgrade", "install"])], A::Remote, WRI, T::None, Fixed, "changes a release", None, &[("helm upgrade --install web ./chart", W)]),
    row!("publish.helm-push", P::Publish, "helm", &["push"], &[], A::Publish, DES, T::None, Fixed, "publishes a chart version to a registry", None, &[("helm push chart.tgz oci://r", D)]),
    row!("kubernetes.helmfile-destroy", P::Kubernetes, "helmfile", &[], &[Operand(&["destroy", "delete"])], A::Remote, CAT, T::None, Fixed, "uninstalls every release of the state file", None, &[("helmfile destroy", C), ("helmfile diff", N)]),
    row!("cloud.heroku-destroy", P::Cloud, "heroku", &[], &[Operand(&["apps:destroy", "apps:delete", "destroy", "pg:backups:delete", "pg:copy", "pg:backups:restore"])], A::Remote, CAT, T::None, Fixed, "destroys an app", None, &[("heroku apps:destroy --app my-app --confirm my-app", C)]),
    row!("cloud.heroku-pg-reset", P::Cloud, "heroku", &[], &[Operand(&["pg:reset"])], A::Remote, CAT, T::None, Fixed, "drops every table of the app's database", None, &[("heroku pg:reset DATABASE --app a", C)]),
    row!("cloud.heroku-addons-destroy", P::Cloud, "heroku", &[], &[Operand(&["addons:destroy", "addons:remove"])], A::Remote, DES, T::None, Fixed, "destroys an add-on and its data", None, &[("heroku addons:destroy heroku-redis", D), ("heroku logs --tail", N)]),
    row!("system.history-clear", P::System, "history", &[], &[Opt(&["-c", "-d"])], A::System, WRI, T::None, Fixed, "clears the shell history", None, &[("history -c", W)]),
    row!("cloud.httpie-delete", P::Cloud, "http", &[], &[Word(&["DELETE"])], A::Remote, DES, T::None, Fixed, "sends an HTTP DELETE: deletes a remote resource", None, &[("http DELETE https://api/x", D), ("http GET https://api/x", N)]),
    row!("cloud.ibmcloud-delete", P::Cloud, "ibmcloud", &[], &[OperandContains(&["delete", "-rm"])], A::Remote, DES, T::None, Fixed, "deletes an IBM Cloud resource", None, &[("ibmcloud resource service-instance-delete x", D), ("ibmcloud resource service-instances", N)]),
    row!("cloud.ibmcloud-rm", P::Cloud, "ibmcloud", &[], &[Operand(&["rm"])], A::Remote, DES, T::None, Fixed, "deletes an IBM Cloud resource", None, &[("ibmcloud ks cluster rm --cluster c", D)]),
    row!("fs.iconv-output", P::Filesystem, "iconv", &[], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes its output over a file", None, &[("iconv -f utf8 -t utf8 -o ~/.bashrc a.txt", D), ("iconv -f latin1 -t utf8 -o out.txt a.txt", W)]),
    row!("containers.incus-delete", P::Containers, "incus", &[], &[Operand(&["delete", "rm"])], A::Remote, DES, T::None, Fixed, "deletes an instance and its storage", None, &[("incus delete -f web", D), ("incus list", N)]),
    row!("database.influx-delete", P::Database, "influx", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes data or a bucket", None, &[("influx bucket delete -n metrics", D)]),
    row!("system.init-level", P::System, "init", &[], &[Operand(&["0", "6", "1"])], A::System, DES, T::None, Fixed, "stops or restarts the machine", None, &[("init 0", D)]),
    row!("fs.install", P::Filesystem, "install", &[], &[], A::Write, WRI, T::LastPath, File, "copies files into place", None, &[("install -m 755 bin/tool ~/.local/bin/tool", W), ("install -m 600 key ~/.ssh/id_rsa", D), ("install -d build/out", W)]),
    row!("system.iptables-flush", P::System, "ip6tables", &[], &[Opt(&["-F", "--flush", "-X", "--delete-chain"])], A::System, DES, T::None, Fixed, "deletes firewall rules", None, &[("ip6tables --flush", D)]),
    row!("system.iptables-flush", P::System, "iptables", &[], &[Opt(&["-F", "--flush", "-X", "--delete-chain"])], A::System, DES, T::None, Fixed, "deletes firewall rules", None, &[("iptables -F", D), ("iptables -L -n", N)]),
    row!("system.iptables-flush", P::System, "iptables", &[], &[Opt(&["-F", "--flush", "-P", "--policy", "-X", "--delete-chain"])], A::System, DES, T::None, Fixed, "removes firewall rules or sets a default policy", None, &[("iptables -F", D), ("iptables -P INPUT DROP", D), ("iptables -L", N)]),
    row!("kubernetes.istioctl-uninstall", P::Kubernetes, "istioctl", &["uninstall"], &[], A::Remote, DES, T::None, Fixed, "removes Istio from the cluster", None, &[("istioctl uninstall --purge", D)]),
    row!("system.journalctl-vacuum", P::System, "journalctl", &[], &[Opt(&["--vacuum-time", "--vacuum-size", "--vacuum-files", "--rotate"])], A::System, DES, T::None, Fixed, "deletes archived journal files", None, &[("journalctl --vacuum-time=1s", D), ("journalctl -n 10", N)]),
    row!("iac.juju-destroy", P::Iac, "juju", &[], &[OperandStarts("destroy-")], A::Remote, CAT, T::None, Fixed, "destroys a controller, model or application", None, &[("juju destroy-model m --force", C), ("juju status", N)]),
    row!("kubernetes.k3d-delete", P::Kubernetes, "k3d", &[], &[Operand(&["delete", "rm"])], A::Remote, CAT, T::None, Fixed, "deletes a cluster", None, &[("k3d cluster delete dev", C), ("k3d cluster list", N)]),
    row!("backup.kafka-acls-remove", P::Backup, "kafka-acls", &[], &[Opt(&["--remove"])], A::Remote, DES, T::None, Fixed, "removes access rules", None, &[("kafka-acls --bootstrap-server b:9092 --remove --topic t --operation All", D), ("kafka-acls --bootstrap-server b:9092 --list", N)]),
    row!("backup.kafka-configs-delete", P::Backup, "kafka-configs", &[], &[Opt(&["--delete-config"])], A::Remote, DES, T::None, Fixed, "deletes topic or broker settings", None, &[("kafka-configs --bootstrap-server b:9092 --alter --delete-config retention.ms --entity-type topics --entity-name logs", D)]),
    row!("backup.kafka-consumer-groups-delete", P::Backup, "kafka-consumer-groups", &[], &[Opt(&["--delete", "--reset-offsets"])], A::Remote, DES, T::None, Fixed, "deletes consumer groups or moves their offsets", None, &[("kafka-consumer-groups --bootstrap-server b:9092 --delete --group billing", D), ("kafka-consumer-groups --bootstrap-server b:9092 --list", N)]),
    row!("backup.kafka-delete-records", P::Backup, "kafka-delete-records", &[], &[], A::Remote, DES, T::None, Fixed, "deletes records from partitions", None, &[("kafka-delete-records --bootstrap-server b:9092 --offset-json-file o.json", D)]),
    row!("backup.kafka-topics-delete", P::Backup, "kafka-topics", &[], &[Opt(&["--delete"])], A::Remote, DES, T::None, Fixed, "deletes topics and their messages", None, &[("kafka-topics --bootstrap-server b:9092 --delete --topic payments", D), ("kafka-topics --bootstrap-server b:9092 --list", N)]),
    row!("system.kill-all", P::System, "kill", &[], &[Word(&["-1"])], A::System, CAT, T::None, Fixed, "signals every process the user may signal", None, &[("kill -9 -1", C), ("kill -- -1", C)]),
    row!("system.kill-init", P::System, "kill", &[], &[Operand(&["1"])], A::System, CAT, T::None, Fixed, "signals process 1 (init)", None, &[("kill -9 1", C), ("kill 12345", W), ("kill -TERM $$", W), ("kill $!", W), ("kill $PID", C)]),
    row!("system.kill", P::System, "kill", &[], &[OperandStarts("")], A::System, WRI, T::None, Fixed, "signals processes", None, &[("kill -l", N)]),
    row!("system.killall-user", P::System, "killall", &[], &[Opt(&["-u", "--user"])], A::System, CAT, T::None, Fixed, "signals every process of a user", None, &[("killall -9 -u me", C)]),
    row!("system.killall-everything", P::System, "killall", &[], &[Opt(&["-r", "--regexp"]), Operand(&[".", ".*", "^", "", ".+"])], A::System, CAT, T::None, Fixed, "signals every process its pattern matches: all of them", None, &[("killall -r .", C), ("killall -r '^node$'", W)]),
    row!("system.killall", P::System, "killall", &[], &[], A::System, WRI, T::None, Fixed, "signals processes by name", None, &[("killall node", W)]),
    row!("system.killall5", P::System, "killall5", &[], &[], A::System, CAT, T::None, Fixed, "signals every process", None, &[("killall5 -9", C)]),
    row!("kubernetes.kind-delete", P::Kubernetes, "kind", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a local cluster", None, &[("kind delete cluster --name dev", D)]),
    row!("database.knex-rollback-all", P::Database, "knex", &["migrate:rollback"], &[Opt(&["--all"])], A::Remote, DES, T::None, Fixed, "rolls back every migration", None, &[("npx knex migrate:rollback --all", D)]),
    row!("kubernetes.kubeadm-reset", P::Kubernetes, "kubeadm", &["reset"], &[], A::System, CAT, T::None, Fixed, "tears down the node's Kubernetes state", None, &[("kubeadm reset -f", C), ("kubeadm version", N)]),
    row!("kubernetes.delete-namespace-kind", P::Kubernetes, "kubectl", &["delete"], &[OperandStarts("namespace/")], A::Remote, CAT, T::None, Fixed, "deletes a namespace and everything in it", Some("kubectl delete --dry-run=server first"), &[("kubectl delete namespace/prod", C)]),
    row!("kubernetes.delete-namespace", P::Kubernetes, "kubectl", &["delete"], &[Operand(&["ns", "namespace", "namespaces"])], A::Remote, CAT, T::None, Fixed, "deletes a namespace and everything in it", Some("kubectl delete --dry-run=server first"), &[("kubectl delete ns prod", C), ("kubectl delete namespace x", C)]),
    row!("kubernetes.delete-all", P::Kubernetes, "kubectl", &["delete"], &[Opt(&["--all", "-A", "--all-namespaces"])], A::Remote, CAT, T::None, Fixed, "deletes every resource of a kind", Some("kubectl delete --dry-run=server first"), &[("kubectl delete pods --all", C)]),
    row!("kubernetes.delete", P::Kubernetes, "kubectl", &["delete"], &[Not(&["--dry-run=client", "--dry-run=server"])], A::Remote, DES, T::None, Fixed, "deletes cluster resources", Some("kubectl delete --dry-run=server first"), &[("kubectl delete pod web-1", D), ("kubectl get pods", N)]),
    row!("kubernetes.drain", P::Kubernetes, "kubectl", &[], &[Operand(&["drain", "cordon"])], A::Remote, DES, T::None, Fixed, "evicts every pod from a node", None, &[("kubectl drain node-1", D)]),
    row!("kubernetes.scale-zero", P::Kubernetes, "kubectl", &["scale"], &[Word(&["--replicas=0"])], A::Remote, DES, T::None, Fixed, "scales a workload to nothing", None, &[("kubectl scale deploy/web --replicas=0", D)]),
    row!("kubernetes.scale-zero", P::Kubernetes, "kubectl", &["scale"], &[Opt(&["--replicas"]), Operand(&["0"])], A::Remote, DES, T::None, Fixed, "scales a workload to nothing", None, &[("kubectl scale deploy web --replicas 0", D), ("kubectl scale deploy web --replicas 3", W)]),
    row!("kubernetes.replace-force", P::Kubernetes, "kubectl", &["replace"], &[Opt(&["--force"])], A::Remote, DES, T::None, Fixed, "deletes and recreates resources", None, &[("kubectl replace --force -f pod.yaml", D)]),
    row!("kubernetes.apply-prune", P::Kubernetes, "kubectl", &["apply"], &[Opt(&["--prune"])], A::Remote, DES, T::None, Fixed, "deletes resources not in the applied files", None, &[("kubectl apply --prune -l app=web -f dir/", D)]),
    row!("kubernetes.change", P::Kubernetes, "kubectl", &[], &[Operand(&["apply", "create", "patch", "scale", "set", "label", "annotate", "edit", "rollout", "expose", "autoscale", "taint", "uncordon"])], A::Remote, WRI, T::None, Fixed, "changes cluster resources", None, &[("kubectl apply -f deploy.yaml", W), ("kubectl get pods -A", N)]),
    row!("system.launchctl", P::System, "launchctl", &[], &[Operand(&["unload", "bootout", "remove", "disable"])], A::System, DES, T::None, Fixed, "stops or removes a service", None, &[("launchctl unload ~/Library/LaunchAgents/x.plist", D), ("launchctl list", N)]),
    row!("publish.lerna-publish", P::Publish, "lerna", &[], &[Operand(&["publish"])], A::Publish, DES, T::None, Fixed, "publishes package versions", None, &[("lerna publish", D), ("lerna ls", N)]),
    row!("cloud.linode-delete", P::Cloud, "linode-cli", &[], &[Operand(&["delete", "rm"])], A::Remote, DES, T::None, Fixed, "deletes a Linode resource", None, &[("linode-cli linodes delete 1", D), ("linode-cli linodes list", N)]),
    row!("database.liquibase-drop-all", P::Database, "liquibase", &[], &[OperandNoCase(&["dropall", "drop-all"])], A::Remote, CAT, T::None, Fixed, "drops every object in the database", None, &[("liquibase dropAll", C), ("liquibase drop-all", C), ("liquibase update", N)]),
    row!("fs.ln-force", P::Filesystem, "ln", &[], &[Opt(&["-f", "--force"])], A::Write, WRI, T::LastPath, File, "replaces a file with a link", None, &[("ln -sf target link", W), ("ln -sf x ~/.bashrc", D)]),
    row!("fs.ln", P::Filesystem, "ln", &[], &[], A::Write, WRI, T::LastPath, File, "makes a link", None, &[("ln -s a b", W)]),
    row!("system.loginctl-kill", P::System, "loginctl", &[], &[Operand(&["kill-user", "terminate-user", "kill-session", "terminate-session", "terminate-seat"])], A::System, CAT, T::None, Fixed, "ends a user's or a session's processes", None, &[("loginctl kill-user me", C), ("loginctl list-sessions", N)]),
    row!("fs.lvm-merge", P::Filesystem, "lvconvert", &[], &[Opt(&["--merge"])], A::Device, DES, T::None, Fixed, "merges a snapshot back (later changes are lost)", None, &[("lvconvert --merge vg/snap", D)]),
    row!("fs.lvm-reduce", P::Filesystem, "lvreduce", &[], &[], A::Device, DES, T::None, Fixed, "shrinks a logical volume (data past the new end is lost)", None, &[("lvreduce -L 10G vg/data", D)]),
    row!("fs.lvremove", P::Filesystem, "lvremove", &[], &[], A::Device, CAT, T::None, Fixed, "removes a logical volume and its data", None, &[("lvremove -f vg/data", C)]),
    row!("fs.lvresize-shrink", P::Filesystem, "lvresize", &[], &[WordContains("-L-"), Opt(&["-f", "--force"])], A::Device, DES, T::None, Fixed, "shrinks a logical volume, cutting the data past its new end", None, &[("lvresize -f -L-10G vg/lv", D)]),
    row!("containers.lxc-delete", P::Containers, "lxc", &[], &[Operand(&["delete", "rm"])], A::Remote, DES, T::None, Fixed, "deletes an instance and its storage", None, &[("lxc delete -f web", D), ("lxc list", N)]),
    row!("database.django-flush", P::Database, "manage.py", &[], &[Operand(&["flush", "reset_db", "sqlflush"])], A::Remote, CAT, T::None, Fixed, "deletes every row of the database", None, &[("python manage.py flush --noinput", C), ("python3 manage.py reset_db", C), ("python manage.py migrate", N)]),
    row!("cloud.mc-delete", P::Cloud, "mc", &[], &[Operand(&["rb", "rm"])], A::Remote, DES, T::None, Fixed, "deletes buckets or objects", None, &[("mc rb --force myminio/bucket", D), ("mc ls myminio", N)]),
    row!("backup.mc-mirror-remove", P::Backup, "mc", &["mirror"], &[Opt(&["--remove"])], A::Remote, DES, T::None, Fixed, "deletes objects the source does not have", None, &[("mc mirror --remove empty/ local/bucket", D), ("mc mirror src/ local/bucket", N)]),
    row!("fs.mdadm-zero", P::Filesystem, "mdadm", &[], &[Opt(&["--zero-superblock", "--stop", "-S", "--remove", "--fail", "--create", "-C", "--grow"])], A::Device, CAT, T::None, Fixed, "stops, changes or erases a RAID array", None, &[("mdadm --zero-superblock /dev/sdb", C), ("mdadm --stop /dev/md0", C), ("mdadm --detail /dev/md0", N)]),
    row!("kubernetes.microk8s-reset", P::Kubernetes, "microk8s", &["reset"], &[], A::System, CAT, T::None, Fixed, "wipes the cluster's state", None, &[("microk8s reset", C), ("microk8s status", N)]),
    row!("kubernetes.minikube-delete", P::Kubernetes, "minikube", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a local cluster", None, &[("minikube delete --all", D), ("minikube status", N)]),
    row!("fs.mkdir", P::Filesystem, "mkdir", &[], &[], A::Write, WRI, T::Paths, Fixed, "makes directories", None, &[("mkdir -p build/out", W)]),
    row!("fs.mkfs", P::Filesystem, "mkfs", &[], &[], A::Device, CAT, T::None, Fixed, "makes a file system: erases the device", None, &[("mkfs -t ext4 /dev/sdb1", C), ("mke2fs /dev/sdb1", C), ("mkfs.ext4 /dev/sdb1", C), ("mkfs.vfat /dev/sdc1", C), ("mkfs.xfs -f /dev/sdb", C), ("mkdosfs /dev/sdc1", C), ("newfs_msdos /dev/disk2s1", C)]),
    row!("fs.mknod-device", P::Filesystem, "mknod", &[], &[Operand(&["b", "c"])], A::Device, CAT, T::None, Fixed, "makes a device node (raw access to a disk)", None, &[("mknod /tmp/disk b 8 0", C), ("mknod pipe p", N)]),
    row!("fs.mkswap", P::Filesystem, "mkswap", &[], &[], A::Device, CAT, T::None, Fixed, "makes swap space: erases the device", None, &[("mkswap /dev/sdb2", C)]),
    row!("database.mongoimport-drop", P::Database, "mongoimport", &[], &[Opt(&["--drop"])], A::Remote, DES, T::None, Fixed, "drops the collection before importing", None, &[("mongoimport --drop -c users x.json", D), ("mongoimport -c users x.json", N)]),
    row!("database.mongorestore-drop", P::Database, "mongorestore", &[], &[Opt(&["--drop"])], A::Remote, DES, T::None, Fixed, "drops each collection before restoring it", None, &[("mongorestore --drop dump/", D), ("mongorestore dump/", N)]),
    row!("system.mount-over-root", P::System, "mount", &[], &[Opt(&["--bind", "--rbind", "-B", "-R", "--move"]), LastOperand(&["/", "/etc", "/usr", "/bin", "/home"])], A::System, CAT, T::None, Fixed, "mounts over a system directory", None, &[("mount --bind /mnt /", C), ("mount -o remount,ro /", N)]),
    row!("containers.multipass-delete", P::Containers, "multipass", &[], &[Operand(&["delete", "purge"])], A::Remote, DES, T::None, Fixed, "deletes VMs (with --purge, for good)", None, &[("multipass delete --purge vm1", D), ("multipass list", N)]),
    row!("fs.mv-to-null", P::Filesystem, "mv", &[], &[LastOperand(&["/dev/null"])], A::Delete, DES, T::Paths, Tree, "moves files onto /dev/null: deletes them", None, &[("mv secrets /dev/null", C), ("mv ~ /dev/null", C)]),
    row!("fs.mv", P::Filesystem, "mv", &[], &[], A::Write, WRI, T::Paths, Move, "moves over", None, &[("mv a b", W), ("mv a /etc/passwd", D), ("mv ~/.ssh x", D), ("mv build/output.bin dist/", W), ("mv /var/tmp/foo /var/tmp/bar", W), ("mv /etc /tmp/x", D), ("mv ~/Documents ~/Docs", D), ("mv $X y", D), ("mv ~/Downloads/data.zip ./", W), ("mv a ~/x", D), ("mv ~/Documents/a/b /tmp/x", D)]),
    row!("publish.mvn-deploy", P::Publish, "mvn", &[], &[Operand(&["deploy", "release:perform"])], A::Publish, DES, T::None, Fixed, "publishes artifacts to a repository", None, &[("mvn deploy", D), ("mvn -B clean deploy -DskipTests", D), ("mvn test", N)]),
    row!("database.mysqladmin-drop", P::Database, "mysqladmin", &[], &[Operand(&["drop"])], A::Remote, CAT, T::None, Fixed, "drops a database", Some("dump it first (mysqldump)"), &[("mysqladmin -u root drop prod", C), ("mysqladmin status", N)]),
    row!("backup.nats-delete", P::Backup, "nats", &[], &[Operand(&["delete", "rm", "purge", "del"])], A::Remote, DES, T::None, Fixed, "deletes or purges a stream, consumer, key or bucket", None, &[("nats stream delete ORDERS", D), ("nats stream purge ORDERS", D), ("nats kv del CONFIG key", D), ("nats stream ls", N)]),
    row!("fs.nbd-disconnect", P::Filesystem, "nbd-client", &[], &[Opt(&["-d", "--disconnect"])], A::Device, DES, T::None, Fixed, "disconnects a network block device", None, &[("nbd-client -d /dev/nbd0", D), ("nbd-client -l host", N)]),
    row!("database.neonctl-delete", P::Database, "neonctl", &[], &[Operand(&["delete"])], A::Remote, CAT, T::None, Fixed, "deletes a project, branch or database", None, &[("neonctl projects delete x", C)]),
    row!("cloud.netlify-delete", P::Cloud, "netlify", &[], &[Operand(&["sites:delete"])], A::Remote, CAT, T::None, Fixed, "deletes a site", None, &[("netlify sites:delete abc", C)]),
    row!("system.nft-flush", P::System, "nft", &[], &[Operand(&["flush", "delete"])], A::System, DES, T::None, Fixed, "deletes firewall rules", None, &[("nft flush ruleset", D), ("nft list ruleset", N)]),
    row!("system.nmcli-off", P::System, "nmcli", &[], &[Operand(&["off", "down"])], A::System, DES, T::None, Fixed, "turns networking or a connection off", None, &[("nmcli networking off", D), ("nmcli device status", N)]),
    row!("iac.nomad-stop-purge", P::Iac, "nomad", &["job", "stop"], &[Opt(&["-purge"])], A::Remote, DES, T::None, Fixed, "stops a job and purges it", None, &[("nomad job stop -purge web", D), ("nomad job status", N)]),
    row!("publish.npm-deprecate", P::Publish, "npm", &[], &[Operand(&["deprecate", "dist-tag", "owner", "access"])], A::Publish, WRI, T::None, Fixed, "changes a published package's metadata", None, &[("npm deprecate pkg@1 'use 2'", W)]),
    row!("publish.npm-publish", P::Publish, "npm", &[], &[Operand(&["publish"]), Not(&["--dry-run"])], A::Publish, DES, T::None, Fixed, "publishes a package version (a version number cannot be used twice)", Some("npm publish --dry-run first"), &[("npm publish", D), ("npm publish --dry-run", N)]),
    row!("publish.npm-unpublish", P::Publish, "npm", &[], &[Operand(&["unpublish"])], A::Publish, CAT, T::None, Fixed, "unpublishes a package others may depend on", None, &[("npm unpublish pkg --force", C)]),
    row!("publish.nuget-push", P::Publish, "nuget", &["push"], &[], A::Publish, DES, T::None, Fixed, "publishes a package version to NuGet", None, &[("nuget push pkg.nupkg", D)]),
    row!("fs.nvim", P::Filesystem, "nvim", &[], &[], A::Write, WRI, T::PathsSkipping(VIM_VALUES), File, "edits files", None, &[("nvim --headless -c '%d|wq' ~/.bashrc", D)]),
    row!("fs.nvme-format", P::Filesystem, "nvme", &[], &[Operand(&["format", "sanitize", "write-zeroes", "delete-ns", "ns-delete", "detach-ns", "write-uncor"])], A::Device, CAT, T::None, Fixed, "erases an NVMe drive", None, &[("nvme format /dev/nvme0n1", C), ("nvme list", N)]),
    row!("fs.wipe", P::Filesystem, "nwipe", &[], &[], A::Device, CAT, T::None, Fixed, "wipes disks", None, &[("nwipe --autonuke", C)]),
    row!("kubernetes.oc-drain", P::Kubernetes, "oc", &["adm", "drain"], &[], A::Remote, DES, T::None, Fixed, "evicts every pod from a node", None, &[("oc adm drain node1 --force", D)]),
    row!("kubernetes.oc-delete-project", P::Kubernetes, "oc", &["delete"], &[Operand(&["project", "projects", "ns", "namespace"])], A::Remote, CAT, T::None, Fixed, "deletes a project and everything in it", None, &[("oc delete project prod", C)]),
    row!("kubernetes.oc-delete", P::Kubernetes, "oc", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes cluster resources", None, &[("oc delete pod web-1", D), ("oc get pods", N)]),
    row!("cloud.oci-delete", P::Cloud, "oci", &[], &[Operand(&["delete", "terminate"])], A::Remote, DES, T::None, Fixed, "deletes a cloud resource", None, &[("oci compute instance terminate --instance-id x", D)]),
    row!("secrets.op-delete", P::Secrets, "op", &[], &[Operand(&["delete", "archive"])], A::Remote, DES, T::None, Fixed, "deletes 1Password items, documents, vaults, users or groups", None, &[("op item delete \"Database Password\"", D), ("op vault delete Engineering", D), ("op item get x", N)]),
    row!("fs.openssl-output", P::Filesystem, "openssl", &[], &[Opt(&["-out"])], A::Write, WRI, T::OptionValue(&["-out"]), File, "writes its output to a file", None, &[("openssl enc -aes-128-cbc -k x -in /dev/zero -out /dev/sda", C), ("openssl x509 -in c.pem -out c.der", W)]),
    row!("cloud.openstack-delete", P::Cloud, "openstack", &[], &[Word(&["delete", "purge"])], A::Remote, DES, T::None, Fixed, "deletes OpenStack resources", None, &[("openstack server delete web1", D), ("openstack project purge --project p", D), ("openstack server list", N)]),
    row!("publish.ovsx-publish", P::Publish, "ovsx", &["publish"], &[], A::Publish, DES, T::None, Fixed, "publishes an extension version", None, &[("ovsx publish x.vsix", D)]),
    row!("system.pacman-remove", P::System, "pacman", &[], &[Opt(&["-R", "--remove"])], A::System, DES, T::None, Fixed, "removes packages", None, &[("pacman -Rdd glibc", D), ("pacman -Q", N)]),
    row!("fs.parted", P::Filesystem, "parted", &[], &[Abbreviates(&["mklabel", "mktable", "mkpart", "mkpartfs", "rm", "resizepart", "resize", "set", "name", "mkfs", "rescue", "toggle", "disk_set", "disk_toggle", "move", "cp"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("parted /dev/sda mklabel gpt", C), ("parted /dev/sda unit s p mkla gpt", C), ("parted -s /dev/sda print 1", N), ("parted /dev/sda print rm 1", C)]),
    row!("secrets.pass-rm", P::Secrets, "pass", &[], &[Operand(&["rm", "remove", "delete"])], A::Remote, DES, T::None, Fixed, "deletes passwords from the store", None, &[("pass rm -rf /", D), ("pass ls", N)]),
    row!("system.passwd-delete", P::System, "passwd", &[], &[Opt(&["-d", "--delete", "-l", "--lock"])], A::System, DES, T::None, Fixed, "deletes or locks a password", None, &[("passwd -d root", D)]),
    row!("fs.patch-directory", P::Filesystem, "patch", &[], &[Opt(&["-d", "--directory"])], A::Write, WRI, T::Directory(&["-d", "--directory"]), Into, "changes the files its patch names, below another directory", None, &[("patch -d .. -p0 < x.patch", D), ("patch --directory=.. < x.patch", D), ("patch -d sub -p1 < x.patch", W)]),
    row!("fs.patch-output", P::Filesystem, "patch", &[], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes the patched file over another", None, &[("patch -o ~/.profile x < p.diff", D)]),
    row!("fs.patch", P::Filesystem, "patch", &[], &[], A::Write, WRI, T::PathsSkipping(&["-p", "-d", "--directory", "-i", "--input", "-r", "--reject-file", "-B", "--prefix", "-D", "--ifdef", "-F", "--fuzz", "-V", "--version-control", "-Y", "--basename-prefix", "-z", "--suffix", "-g", "--get"]), File, "changes the file it is given", None, &[("patch ../.bashrc < p.diff", D), ("patch src/x.c < fix.diff", W)]),
    row!("fs.perl-in-place", P::Filesystem, "perl", &[], &[Opt(&["-i"])], A::Write, WRI, T::Paths, File, "edits files in place", None, &[("perl -pi -e 's/a/b/' src/x.rs", U)]),
    row!("database.pg-dropcluster", P::Database, "pg_dropcluster", &[], &[], A::Remote, CAT, T::None, Fixed, "drops a PostgreSQL cluster and its data", None, &[("pg_dropcluster 15 main --stop", C)]),
    row!("database.pg-restore-clean", P::Database, "pg_restore", &[], &[Opt(&["-c", "--clean"])], A::Remote, DES, T::None, Fixed, "drops database objects before recreating them", None, &[("pg_restore --clean -d prod dump.sql", D), ("pg_restore -l dump", N)]),
    row!("system.package-remove", P::System, "pip", &[], &[Operand(&["uninstall"])], A::System, WRI, T::None, Fixed, "removes packages", None, &[("pip uninstall -y requests", W)]),
    row!("system.package-remove", P::System, "pip3", &[], &[Operand(&["uninstall"])], A::System, WRI, T::None, Fixed, "removes packages", None, &[("pip3 uninstall requests", W)]),
    row!("system.pkill-user", P::System, "pkill", &[], &[Opt(&["-u", "--euid", "-U", "--uid"])], A::System, CAT, T::None, Fixed, "signals the processes of a user (every one, without a pattern)", None, &[("pkill -KILL -u me", C)]),
    row!("system.pkill-everything", P::System, "pkill", &[], &[Operand(&[".", ".*", "^", "", "*", ".+"])], A::System, CAT, T::None, Fixed, "signals every process its pattern matches: all of them", None, &[("pkill -9 .", C), ("pkill -f .", C), ("pkill node", W)]),
    row!("system.pkill", P::System, "pkill", &[], &[], A::System, WRI, T::None, Fixed, "signals processes by name", None, &[("pkill node", W)]),
    row!("publish.pnpm-publish", P::Publish, "pnpm", &[], &[Operand(&["publish"]), Not(&["--dry-run"])], A::Publish, DES, T::None, Fixed, "publishes a package version", None, &[("pnpm publish --access public", D), ("pnpm publish --dry-run", N)]),
    row!("containers.podman-reset", P::Containers, "podman", &["system", "reset"], &[], A::Remote, CAT, T::None, Fixed, "deletes every container, image and volume", None, &[("podman system reset -f", C)]),
    row!("containers.podman-prune", P::Containers, "podman", &[], &[Operand(&["prune"])], A::Remote, DES, T::None, Fixed, "deletes unused containers, images or volumes", None, &[("podman system prune -a", D), ("podman volume prune", D)]),
    row!("containers.podman-volume-rm", P::Containers, "podman", &["volume", "rm"], &[], A::Remote, DES, T::None, Fixed, "deletes volumes and their data", None, &[("podman volume rm data", D)]),
    row!("containers.podman-rm", P::Containers, "podman", &[], &[Operand(&["rm", "rmi", "kill"])], A::Remote, WRI, T::None, Fixed, "removes containers or images", None, &[("podman rm -f web", W), ("podman ps", N)]),
    row!("publish.poetry-publish", P::Publish, "poetry", &["publish"], &[Not(&["--dry-run"])], A::Publish, DES, T::None, Fixed, "publishes a package version to PyPI", None, &[("poetry publish --build", D), ("poetry build", N)]),
    row!("system.reboot", P::System, "poweroff", &[], &[], A::System, DES, T::None, Fixed, "stops the machine", None, &[("poweroff", D)]),
    row!("database.prisma-reset", P::Database, "prisma", &["migrate", "reset"], &[], A::Remote, CAT, T::None, Fixed, "drops the database and re-applies migrations", None, &[("prisma migrate reset --force", C), ("npx prisma migrate reset", C), ("npx prisma generate", N)]),
    row!("database.prisma-force-reset", P::Database, "prisma", &["db", "push"], &[Opt(&["--force-reset", "--accept-data-loss"])], A::Remote, CAT, T::None, Fixed, "resets the database to the schema, losing data", None, &[("prisma db push --force-reset", C), ("pnpm exec prisma db push --accept-data-loss", C)]),
    row!("database.pscale-delete", P::Database, "pscale", &[], &[Operand(&["delete"])], A::Remote, CAT, T::None, Fixed, "deletes a database or branch", None, &[("pscale database delete x --force", C)]),
    row!("database.psql-output", P::Database, "psql", &[], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes query results over a file", None, &[("psql -o ~/.bashrc -c 'select 1'", D), ("psql -o out.txt -c 'select 1'", W)]),
    row!("iac.pulumi-state-delete", P::Iac, "pulumi", &["state", "delete"], &[], A::Remote, DES, T::None, Fixed, "removes a resource from the stack's state (it is then unmanaged)", None, &[("pulumi state delete urn:x", D)]),
    row!("iac.pulumi-stack-rm", P::Iac, "pulumi", &["stack", "rm"], &[], A::Remote, DES, T::None, Fixed, "deletes a stack and its state", None, &[("pulumi stack rm dev --yes", D)]),
    row!("iac.pulumi-up-yes", P::Iac, "pulumi", &["up"], &[Opt(&["-y", "--yes", "--skip-preview"])], A::Remote, DES, T::None, Fixed, "applies changes without a preview", Some("pulumi preview first"), &[("pulumi up --yes", D), ("pulumi preview", N)]),
    row!("iac.pulumi-destroy", P::Iac, "pulumi", &[], &[Operand(&["destroy", "down", "dn"])], A::Remote, CAT, T::None, Fixed, "destroys every resource of a stack", Some("pulumi preview --destroy first"), &[("pulumi destroy --yes", C), ("pulumi dn --yes", C)]),
    row!("fs.pv-output", P::Filesystem, "pv", &[], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes its output to a file", None, &[("pv -o /dev/sda /dev/zero", C), ("pv -o out.bin in.bin", W)]),
    row!("fs.pvremove", P::Filesystem, "pvremove", &[], &[], A::Device, CAT, T::None, Fixed, "removes a physical volume's label", None, &[("pvremove /dev/sdb", C)]),
    row!("fs.qemu-img-dd", P::Filesystem, "qemu-img", &[], &[Operand(&["dd"])], A::Device, WRI, T::Value("of="), File, "writes a disk image's blocks", None, &[("qemu-img dd if=x.img of=/dev/sda", C), ("qemu-img dd if=x.img of=y.raw", W)]),
    row!("fs.qemu-img", P::Filesystem, "qemu-img", &[], &[Operand(&["convert", "dd", "create"])], A::Device, WRI, T::LastPath, File, "writes a disk image", None, &[("qemu-img convert -O raw x.qcow2 /dev/sda", C), ("qemu-img convert -O raw x.qcow2 x.raw", W)]),
    row!("backup.rabbitmqadmin-delete", P::Backup, "rabbitmqadmin", &[], &[Operand(&["delete", "purge"])], A::Remote, DES, T::None, Fixed, "deletes or purges a queue, exchange or binding", None, &[("rabbitmqadmin delete queue name=jobs", D), ("rabbitmqadmin list queues", N)]),
    row!("backup.rabbitmqctl-delete", P::Backup, "rabbitmqctl", &[], &[OperandStarts("delete_"), ], A::Remote, DES, T::None, Fixed, "deletes a user, vhost, queue or policy", None, &[("rabbitmqctl delete_user deployer", D), ("rabbitmqctl delete_vhost /prod", D), ("rabbitmqctl list_users", N)]),
    row!("backup.rabbitmqctl-clear", P::Backup, "rabbitmqctl", &[], &[OperandStarts("clear_")], A::Remote, DES, T::None, Fixed, "clears permissions, parameters or policies", None, &[("rabbitmqctl clear_permissions -p /prod deployer", D)]),
    row!("backup.rabbitmqctl-reset", P::Backup, "rabbitmqctl", &[], &[Operand(&["reset", "force_reset", "purge_queue"])], A::Remote, CAT, T::None, Fixed, "wipes a node's data or a queue", None, &[("rabbitmqctl reset", C), ("rabbitmqctl status", N)]),
    row!("database.rails-drop", P::Database, "rails", &[], &[Operand(&["db:drop", "db:reset", "db:purge", "db:schema:load", "db:migrate:reset", "db:truncate_all", "db:drop:all", "db:reset:all", "db:purge:all"])], A::Remote, CAT, T::None, Fixed, "drops or empties the database", None, &[("rails db:drop", C), ("bin/rails db:reset", C), ("bundle exec rails db:purge", C), ("rails db:migrate", N), ("rails db:drop:all", C)]),
    row!("database.rake-drop", P::Database, "rake", &[], &[Operand(&["db:drop", "db:reset", "db:purge", "db:schema:load", "db:migrate:reset", "db:truncate_all"])], A::Remote, CAT, T::None, Fixed, "drops or empties the database", None, &[("bundle exec rake db:drop", C)]),
    row!("fs.rar-delete", P::Filesystem, "rar", &[], &[Opt(&["-df", "-dr"])], A::Delete, DES, T::Paths, Tree, "deletes the files after archiving them", None, &[("rar a -df /tmp/x.rar ~", C), ("rar a x.rar src", N)]),
    row!("fs.rar-move", P::Filesystem, "rar", &[], &[Operand(&["m", "mf"])], A::Delete, DES, T::Paths, Tree, "moves files into the archive: deletes them where they are", None, &[("rar m x.rar src", D)]),
    row!("cloud.rclone-move", P::Cloud, "rclone", &["move"], &[], A::Delete, DES, T::None, Fixed, "moves files to the destination, deleting them at the source", None, &[("rclone move /src remote:bucket", D)]),
    row!("cloud.rclone-sync", P::Cloud, "rclone", &["sync"], &[], A::Delete, DES, T::LastPath, Tree, "makes the destination the source: deletes what the source lacks", None, &[("rclone sync /tmp/empty ~", C), ("rclone sync src remote:dst", D)]),
    row!("cloud.rclone-delete", P::Cloud, "rclone", &[], &[Operand(&["purge", "delete", "deletefile", "rmdir", "rmdirs", "cleanup"])], A::Remote, DES, T::None, Fixed, "deletes files or directories of a remote", None, &[("rclone purge remote:bucket", D), ("rclone ls remote:", N)]),
    row!("system.reboot", P::System, "reboot", &[], &[], A::System, DES, T::None, Fixed, "restarts the machine", None, &[("reboot", D)]),
    row!("database.redis-script", P::Database, "redis-cli", &[], &[OperandNoCase(&["EVAL", "EVALSHA", "EVAL_RO", "FCALL", "FUNCTION", "SCRIPT"])], A::Remote, DES, T::None, Fixed, "runs a script in the database, which may delete anything", None, &[("redis-cli EVAL \"redis.call('flushall')\" 0", D), ("redis-cli GET k", N)]),
    row!("database.redis-flush", P::Database, "redis-cli", &[], &[OperandNoCase(&["FLUSHALL", "FLUSHDB"])], A::Remote, CAT, T::None, Fixed, "deletes every key", None, &[("redis-cli FLUSHALL", C), ("redis-cli -h db flushdb", C), ("redis-cli GET k", N), ("redis-cli FlushAll", C)]),
    row!("database.redis-shutdown", P::Database, "redis-cli", &[], &[OperandNoCase(&["SHUTDOWN", "DEBUG"])], A::System, DES, T::None, Fixed, "stops the Redis server", None, &[("redis-cli shutdown nosave", D)]),
    row!("database.redis-del", P::Database, "redis-cli", &[], &[OperandNoCase(&["DEL", "UNLINK", "EXPIRE", "RENAME", "SWAPDB", "MIGRATE"])], A::Remote, DES, T::None, Fixed, "deletes or moves keys", None, &[("redis-cli DEL session:1", D)]),
    row!("fs.remove-partition", P::Filesystem, "remove-partition", &[], &[NoWord(WHAT_IF)], A::Device, CAT, T::None, Fixed, "deletes a partition and everything on it (PowerShell)", None, &[("Remove-Partition -DriveLetter E -Confirm:$false", C)]),
    row!("backup.restic-forget", P::Backup, "restic", &[], &[Operand(&["forget", "prune"]), Not(DRY)], A::Remote, DES, T::None, Fixed, "forgets snapshots or removes backup data", Some("run it with --dry-run first"), &[("restic forget --keep-last 1 --prune", D), ("restic prune", D), ("restic forget --keep-last 1 --dry-run", N), ("restic snapshots", N)]),
    row!("fs.rimraf", P::Filesystem, "rimraf", &[], &[], A::Delete, DES, T::Paths, Tree, "deletes recursively", None, &[("npx rimraf ~", C), ("rimraf node_modules", W), ("npx rimraf dist", D)]),
    row!("fs.rm-recursive", P::Filesystem, "rm", &[], &[Opt(RECURSIVE), NotPrompting], A::Delete, DES, T::Paths, Tree, "deletes recursively", Some("name the exact paths, or move them aside (mv DIR DIR.old) until you are sure"), &[("rm -rf ~/.cache/pip", W), ("rm -rf ~/go/pkg/mod", W), ("rm -rf ~/.cachex", D), ("rm -rf /", C), ("rm -rf ~", C), ("rm -fr ~/", C), ("rm -r -f $HOME", C), ("rm --recursive --force /etc", C), ("rm --rec -f ~", C), ("rm -rf src", D), ("rm -rf target node_modules", W), ("rm -rf /tmp/x", W), ("rm -rf .", C), ("rm -rf ./*", C), ("rm -rf ..", C), ("rm -rf ~/code", D), ("rm -rf /home/other", C), ("rm -rf /usr/local/lib", C), ("rm -rf -i ./build", N), ("rm -ri x", N), ("rm -ir -f x", D), ("rm -rf ./build", D), ("rm -rf /tmp/*", W), ("rm -rf /tmp/../etc", C), ("rm -rf /tmp/{cache,../etc}", D), ("rm -r --force --interactive=once ./build", N), ("rm -rf .git", D), ("rm -r --interactive=o ./build", N), ("rm -r --interactive=y ./build", N), ("rm -- -rf /tmp/safe", W), ("rm -rf ~ --help", C), ("rm --help -rf ~", N), ("rm -rf --version ~", N), ("rm ./build --version -r", W), ("rm ./build -r -i", W), ("rm --v ./build -r", D), ("rm -rf --pre ~/x", D), ("rm -rz ./build", N), ("rm ---presume-input-tty -rf ~", C), ("rm ./build -r", D), ("rm $F ./build", D), ("rm -i $F ./build", D)]),
    row!("fs.rm", P::Filesystem, "rm", &[], &[NotPrompting], A::Delete, WRI, T::Paths, File, "deletes", None, &[("rm a.txt", W), ("rm ~/.bashrc", D), ("rm /etc/hosts", D), ("rm /etc/shadow", D), ("rm /tmp/x", W), ("rm ~/.ssh/id_rsa.pub", D), ("rm *.log", W), ("rm -f *", D), ("rm /*", D), ("rm /home/user/notes.txt", D), ("rm /tmp/y", W), ("rm -f ~/.cache/foo", W), ("rm build/x.o", W), ("rm -i *", N), ("rm -I a b", W), ("rm -I a b c d", N)]),
    row!("fs.rmdir", P::Filesystem, "rmdir", &[], &[], A::Delete, WRI, T::Paths, Fixed, "deletes empty directories", None, &[("rmdir empty", W)]),
    row!("system.rpm-erase", P::System, "rpm", &[], &[Opt(&["-e", "--erase"])], A::System, DES, T::None, Fixed, "removes packages", None, &[("rpm -e --nodeps glibc", D), ("rpm -qa", N)]),
    row!("fs.rsync-delete", P::Filesystem, "rsync", &[], &[Opt(&["--delete", "--delete-before", "--delete-during", "--delete-delay", "--delete-after", "--delete-excluded", "--delete-missing-args", "--del"]), Not(DRY)], A::Delete, WRI, T::LastPath, Tree, "deletes files the source does not have", Some("rsync --dry-run first"), &[("rsync -a --delete src/ ~/", C), ("rsync -a --delete src/ backup/", W), ("rsync -a --delete /src/ /etc/", C), ("rsync -a --delete /project/ ~/backup/", D), ("rsync -a --delete src/ \"$DEST\"", D), ("rsync -a src/ dst/", W)]),
    row!("fs.rsync-remove-source", P::Filesystem, "rsync", &[], &[Opt(&["--remove-source-files", "--remove-sent-files"]), Not(DRY)], A::Delete, DES, T::Paths, Tree, "deletes the source files after copying them", None, &[("rsync -a --remove-source-files src/ dst/", D), ("rsync -a --remove-sent-files ~/ /tmp/x/", C)]),
    row!("fs.rsync", P::Filesystem, "rsync", &[], &[Not(DRY)], A::Write, WRI, T::LastPath, File, "copies over", None, &[("rsync -a /src/ /etc/", D), ("rsync --dry-run -a /src/ /etc/", N)]),
    row!("cloud.s3cmd-rb-recursive", P::Cloud, "s3cmd", &["rb"], &[Opt(&["-r", "--recursive"])], A::Remote, CAT, T::None, Fixed, "deletes a bucket and everything in it", None, &[("s3cmd rb --recursive --force s3://bucket", C)]),
    row!("cloud.s3cmd-sync-delete", P::Cloud, "s3cmd", &["sync"], &[Opt(&["--delete-removed"])], A::Remote, DES, T::None, Fixed, "deletes objects the source does not have", Some("s3cmd sync --dry-run first"), &[("s3cmd sync --delete-removed empty/ s3://b", D), ("s3cmd sync dist/ s3://b", N)]),
    row!("cloud.s3cmd-delete", P::Cloud, "s3cmd", &[], &[Operand(&["rb", "del", "rm"])], A::Remote, DES, T::None, Fixed, "deletes buckets or objects", None, &[("s3cmd rm s3://b/k", D), ("s3cmd ls s3://b", N)]),
    row!("iac.sam-delete", P::Iac, "sam", &["delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a stack and its resources", None, &[("sam delete --no-prompts", C), ("sam build", N)]),
    row!("fs.scp", P::Filesystem, "scp", &[], &[], A::Write, WRI, T::LastPath, File, "copies over", None, &[("scp a.txt ~/.bashrc", D), ("scp a.txt host:/var/tmp/x", W)]),
    row!("fs.wipe", P::Filesystem, "scrub", &[], &[OperandStarts("/dev/")], A::Device, CAT, T::None, Fixed, "overwrites a device", None, &[("scrub /dev/sdb", C)]),
    row!("cloud.scw-delete", P::Cloud, "scw", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes a Scaleway resource", None, &[("scw instance server delete 1", D), ("scw instance server list", N)]),
    row!("fs.sed-in-place", P::Filesystem, "sed", &[], &[Opt(&["-i", "--in-place"])], A::Write, WRI, T::Paths, File, "edits files in place", None, &[("sed -i 's/a/b/' src/x.rs", W), ("sed -i.bak 's/a/b/' /etc/hosts", D), ("sed -i d ~/notes.txt", D), ("sed -i 's/a/b/' ~/.bashrc", D), ("sed -i 's/x/y/' .git/config", D), ("sed 's/a/b/' x", N)]),
    row!("database.sequelize-drop", P::Database, "sequelize", &[], &[Operand(&["db:drop"])], A::Remote, CAT, T::None, Fixed, "drops the database", None, &[("npx sequelize db:drop", C)]),
    row!("database.sequelize-drop", P::Database, "sequelize-cli", &[], &[Operand(&["db:drop"])], A::Remote, CAT, T::None, Fixed, "drops the database", None, &[("npx sequelize-cli db:drop", C)]),
    row!("iac.serverless-remove", P::Iac, "serverless", &["remove"], &[], A::Remote, CAT, T::None, Fixed, "removes a service and its resources", None, &[("serverless remove --stage prod", C)]),
    row!("system.service-stop", P::System, "service", &[], &[Operand(&["stop"])], A::System, DES, T::None, Fixed, "stops a service", None, &[("service nginx stop", D), ("service nginx status", N)]),
    row!("fs.setfacl-recursive", P::Filesystem, "setfacl", &[], &[Opt(RECURSIVE)], A::Chmod, DES, T::Paths, Tree, "changes access lists recursively", None, &[("setfacl -R -m u:x:rwx /", C), ("setfacl -R -m u:x:r data", D)]),
    row!("fs.sfdisk", P::Filesystem, "sfdisk", &[], &[Not(&["-l", "--list", "-d", "--dump"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("sfdisk /dev/sda", C), ("sfdisk -l", N)]),
    row!("fs.sg-format", P::Filesystem, "sg_format", &[], &[Opt(&["--format", "-F"])], A::Device, CAT, T::None, Fixed, "low-level formats a disk", None, &[("sg_format --format /dev/sg1", C)]),
    row!("fs.sgdisk-zap", P::Filesystem, "sgdisk", &[], &[Opt(&["-Z", "--zap-all", "-z", "--zap", "-o", "--clear", "-d", "--delete", "-n", "--new"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("sgdisk --zap-all /dev/sda", C), ("sgdisk -p /dev/sda", N)]),
    row!("system.shellward-settings", P::System, "shellward", &[], &[Operand(&["allow", "trust", "install", "uninstall"])], A::System, DES, T::None, Fixed, "changes which commands shellward lets run", Some("run it yourself, outside the agent"), &[("shellward allow 'rm:*'", D), ("shellward trust", D), ("shellward uninstall", D), ("shellward check 'rm -rf x'", N)]),
    row!("fs.shred", P::Filesystem, "shred", &[], &[], A::Delete, DES, T::PathsSkipping(&["-n", "--iterations", "-s", "--size", "--random-source"]), File, "overwrites files beyond recovery", None, &[("shred -u secret.txt", D), ("shred /dev/sda", C), ("shred -n 1 -u /tmp/scratch", W)]),
    row!("fs.shuf-output", P::Filesystem, "shuf", &[], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes its output over a file", None, &[("shuf -o ~/.ssh/authorized_keys /dev/null", D), ("shuf -o out.txt in.txt", W), ("shuf in.txt", N)]),
    row!("system.shutdown", P::System, "shutdown", &[], &[], A::System, DES, T::None, Fixed, "stops the machine", None, &[("shutdown -h now", D)]),
    row!("kubernetes.skaffold-delete", P::Kubernetes, "skaffold", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes what skaffold deployed", None, &[("skaffold delete", D), ("skaffold dev", N)]),
    row!("system.skill-user", P::System, "skill", &[], &[Opt(&["-u", "--user"])], A::System, CAT, T::None, Fixed, "signals every process of a user", None, &[("skill -KILL -u me", C)]),
    row!("iac.serverless-remove", P::Iac, "sls", &["remove"], &[], A::Remote, CAT, T::None, Fixed, "removes a service and its resources", None, &[("sls remove", C), ("sls deploy", N)]),
    row!("fs.sort-output", P::Filesystem, "sort", &[], &[Opt(&["-o", "--output"])], A::Write, WRI, T::OptionValue(&["-o", "--output"]), File, "writes its output over a file", None, &[("sort -o ~/.bashrc /dev/null", D), ("sort -o ~/notes.txt x", D), ("sort -o sorted.txt x", W), ("sort x", N)]),
    row!("fs.sponge", P::Filesystem, "sponge", &[], &[], A::Write, WRI, T::Paths, File, "replaces a file with its standard input", None, &[("sponge ~/.bashrc", D), ("sponge out.txt", W)]),
    row!("fs.srm", P::Filesystem, "srm", &[], &[], A::Delete, DES, T::Paths, Tree, "overwrites and deletes files beyond recovery", None, &[("srm -r secrets", D)]),
    row!("fs.ssh-keygen-write", P::Filesystem, "ssh-keygen", &[], &[Opt(&["-f"]), Not(&["-l", "-y", "-F", "-B", "-L", "-R", "-H"])], A::Write, WRI, T::OptionValue(&["-f"]), File, "writes a key pair", None, &[("ssh-keygen -q -t ed25519 -N '' -f ~/.ssh/id_ed25519", D), ("ssh-keygen -t ed25519 -f ./deploy_key", W), ("ssh-keygen -l -f ~/.ssh/id_ed25519.pub", N)]),
    row!("database.supabase-reset", P::Database, "supabase", &["db", "reset"], &[], A::Remote, CAT, T::None, Fixed, "resets the database, losing its data", None, &[("supabase db reset", C), ("npx supabase db reset --linked", C)]),
    row!("platform.supabase-delete", P::Cloud, "supabase", &[], &[Operand(&["delete"])], A::Remote, CAT, T::None, Fixed, "deletes a project or its resources", None, &[("supabase projects delete x", C), ("supabase start", N)]),
    row!("platform.supabase-db-reset", P::Database, "supabase", &["db", "reset"], &[Opt(&["--linked", "--db-url"])], A::Remote, CAT, T::None, Fixed, "resets the remote database", None, &[("supabase db reset --linked", C)]),
    row!("system.swapoff", P::System, "swapoff", &[], &[], A::System, WRI, T::None, Fixed, "turns swap off", None, &[("swapoff -a", W)]),
    row!("cloud.swift-delete", P::Cloud, "swift", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes object-store containers or objects", None, &[("swift delete --all", D), ("swift list", N)]),
    row!("system.sysctl-write", P::System, "sysctl", &[], &[Opt(&["-w", "--write", "-p", "--load"])], A::System, WRI, T::None, Fixed, "changes kernel settings", None, &[("sysctl -w vm.swappiness=10", W), ("sysctl -a", N)]),
    row!("system.systemctl", P::System, "systemctl", &[], &[Operand(&["stop", "disable", "mask", "kill", "poweroff", "reboot", "halt", "isolate", "kexec", "soft-reboot", "rescue", "emergency", "reboot.target", "poweroff.target", "halt.target", "rescue.target", "emergency.target"])], A::System, DES, T::None, Fixed, "stops or disables services", None, &[("systemctl stop nginx", D), ("systemctl status nginx", N)]),
    row!("fs.tar-unlink", P::Filesystem, "tar", &[], &[Opt(&["--recursive-unlink", "--unlink-first", "-U"])], A::Delete, DES, T::Directory(&["-C", "--directory"]), Into, "deletes what is in the way of what it extracts", None, &[("tar -x --recursive-unlink -f x.tar -C ~", D), ("tar -x --unlink-first -f x.tar -C out", D), ("tar -x -U -f x.tar", D), ("tar -x -U -f x.tar -C /tmp/x", W)]),
    row!("fs.tar-remove-files", P::Filesystem, "tar", &[], &[Opt(&["--remove-files"])], A::Delete, DES, T::LastPath, Tree, "deletes the files it archived", None, &[("tar --remove-files -cf out.tar /tmp/scratch", W), ("tar --remove-files -cf out.tar /etc", C), ("tar -cf out.tar --remove-files data.json", D), ("tar -czf out.tar.gz /home/user", W)]),
    row!("fs.tar-extract-absolute", P::Filesystem, "tar", &[], &[Opt(&["-x", "--extract", "--get"]), Opt(&["-P", "--absolute-names"]), Not(&["-O", "--to-stdout"])], A::Write, DES, T::None, Fixed, "extracts members to the absolute paths they name, anywhere", None, &[("tar -xPf abs.tar", D), ("tar -x --absolute-names -f abs.tar", D)]),
    row!("fs.tar-extract", P::Filesystem, "tar", &[], &[Opt(&["-x", "--extract", "--get"]), Not(&["-O", "--to-stdout", "--to-command"])], A::Write, WRI, T::Directory(&["-C", "--directory", "--one-top-level"]), Into, "extracts an archive over the files there", None, &[("tar -xf x.tar -C ~", D), ("tar xf x.tar -C ~", D), ("tar xfC x.tar ~", D), ("tar -xzf x.tgz --directory=/etc", D), ("tar -C / -xf x.tar", D), ("tar -xf x.tar --dir ~", D), ("tar xf x.tar --one-top-level=..", D), ("tar -xf x.tar", W), ("tar -xf x.tar -C out", W), ("tar -xf x.tar -C /tmp/out", W), ("tar -xf x.tar -C ~/Downloads", W), ("tar -xf x.tar -C ~/.config", D), ("tar -C ~/.local/state -xf x.tar", D), ("tar -O -xf x.tar", N), ("tar --to-stdout -xf x.tar", N), ("tar -xOf x.tar", W), ("tar -tf x.tar -C ~", N), ("tar cf x.tar ~", W)]),
    row!("fs.tar-create", P::Filesystem, "tar", &[], &[Opt(&["-c", "--create", "-r", "--append", "-u", "--update", "-A", "--catenate", "--concatenate"])], A::Write, WRI, T::OptionValue(&["-f", "--file"]), File, "writes an archive over a file", None, &[("tar -cf ~/.bashrc a.txt", D), ("tar cf ~/.bashrc a.txt", D), ("tar -czf out.tgz src", W), ("tar -cf - src", N)]),
    row!("git.tea-repo-delete", P::Git, "tea", &[], &[Word(&["delete", "rm"]), Word(&["repos", "repo", "repositories"])], A::Remote, CAT, T::None, Fixed, "deletes a repository", None, &[("tea repos delete o/r", C), ("tea repos ls", N)]),
    row!("fs.tee", P::Filesystem, "tee", &[], &[], A::Write, WRI, T::Paths, File, "writes files", None, &[("tee out.txt", W), ("tee /etc/hosts", D), ("tee /tmp/out", W), ("tee -a ~/.bashrc", D), ("tee .git/hooks/pre-commit", D), ("tee /dev/sda", C), ("tee /dev/null", W), ("tee /dev/stdin", W)]),
    row!("system.init-level", P::System, "telinit", &[], &[Operand(&["0", "6", "1"])], A::System, DES, T::None, Fixed, "stops or restarts the machine", None, &[("telinit 6", D)]),
    row!("iac.terraform-destroy", P::Iac, "terraform", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys every resource the configuration manages", Some("terraform plan -destroy first"), &[("terraform destroy -auto-approve", C), ("terraform plan", N)]),
    row!("iac.terraform-apply-destroy", P::Iac, "terraform", &["apply"], &[Opt(&["-destroy"])], A::Remote, CAT, T::None, Fixed, "destroys every resource the configuration manages", Some("terraform plan -destroy first"), &[("terraform apply -destroy", C)]),
    row!("iac.terraform-apply-auto", P::Iac, "terraform", &["apply"], &[Opt(&["-auto-approve"])], A::Remote, DES, T::None, Fixed, "applies changes without showing the plan", Some("terraform plan first"), &[("terraform apply -auto-approve", D), ("terraform apply", W)]),
    row!("iac.terraform-state-rm", P::Iac, "terraform", &["state"], &[Operand(&["rm"])], A::Remote, DES, T::None, Fixed, "forgets resources from the state", None, &[("terraform state rm aws_instance.x", D)]),
    row!("iac.terraform-state-push-force", P::Iac, "terraform", &["state", "push"], &[Opt(&["-force"])], A::Remote, DES, T::None, Fixed, "overwrites the remote state", None, &[("terraform state push -force s.tfstate", D)]),
    row!("iac.terraform-workspace-delete", P::Iac, "terraform", &["workspace", "delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a workspace's state", None, &[("terraform workspace delete staging", D)]),
    row!("iac.terraform-apply-replace", P::Iac, "terraform", &["apply"], &[Opt(&["-replace"])], A::Remote, DES, T::None, Fixed, "destroys and recreates a resource", Some("terraform plan -replace=... first"), &[("terraform apply -replace=aws_instance.web", D)]),
    row!("iac.terraform-apply-plan", P::Iac, "terraform", &["apply"], &[Operands(1)], A::Remote, DES, T::None, Fixed, "applies a saved plan without showing it again", Some("terraform show PLAN first"), &[("terraform apply d.tfplan", D)]),
    row!("iac.terraform-apply", P::Iac, "terraform", &["apply"], &[], A::Remote, WRI, T::None, Fixed, "applies changes after showing the plan", None, &[("terraform init", N)]),
    row!("iac.terraform-change", P::Iac, "terraform", &[], &[Operand(&["taint", "untaint", "import", "force-unlock"])], A::Remote, WRI, T::None, Fixed, "changes the state", None, &[("terraform taint aws_instance.web", W)]),
    row!("iac.terragrunt-state-rm", P::Iac, "terragrunt", &["state", "rm"], &[], A::Remote, DES, T::None, Fixed, "removes resources from the state (they are then unmanaged)", None, &[("terragrunt state rm aws_instance.web", D)]),
    row!("iac.terragrunt-destroy", P::Iac, "terragrunt", &[], &[Operand(&["destroy", "destroy-all"])], A::Remote, CAT, T::None, Fixed, "destroys every resource of the module(s)", Some("terragrunt plan -destroy first"), &[("terragrunt destroy", C), ("terragrunt destroy-all --terragrunt-non-interactive", C), ("terragrunt run-all destroy", C), ("terragrunt run --all destroy", C)]),
    row!("iac.terragrunt-apply-auto", P::Iac, "terragrunt", &[], &[Operand(&["apply", "apply-all"]), Opt(&["-auto-approve", "--non-interactive", "--terragrunt-non-interactive"])], A::Remote, DES, T::None, Fixed, "applies changes without showing the plan", None, &[("terragrunt run-all apply --terragrunt-non-interactive", D), ("terragrunt plan", N)]),
    row!("iac.terragrunt-destroy", P::Iac, "terragrunt", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys every resource the configuration manages", Some("terragrunt plan -destroy first"), &[("terragrunt destroy", C), ("terragrunt run-all destroy", C), ("terragrunt plan", N)]),
    row!("iac.terragrunt-apply-destroy", P::Iac, "terragrunt", &[], &[Operand(&["apply"]), Opt(&["-destroy"])], A::Remote, CAT, T::None, Fixed, "destroys every resource the configuration manages", Some("terragrunt plan -destroy first"), &[("terragrunt apply -destroy", C), ("terragrunt run-all apply -destroy", C)]),
    row!("fs.touch", P::Filesystem, "touch", &[], &[], A::Write, WRI, T::Paths, Fixed, "creates or touches files", None, &[("touch a.txt", W), ("touch ~/.bashrc_x", W)]),
    row!("fs.truncate-grow", P::Filesystem, "truncate", &[], &[OperandStarts("+")], A::Write, WRI, T::None, Fixed, "extends files", None, &[("truncate -s +1G /var/log/sparse", W)]),
    row!("fs.truncate-grow", P::Filesystem, "truncate", &[], &[WordContains("--size=+")], A::Write, WRI, T::None, Fixed, "extends files", None, &[("truncate --size=+100M ./preallocated", W)]),
    row!("fs.truncate-size", P::Filesystem, "truncate", &[], &[Opt(&["-s", "--size"])], A::Write, DES, T::PathsSkipping(&["-s", "--size", "-r", "--reference"]), File, "cuts files to a size: the rest of their contents is lost", None, &[("truncate -s 0 log.txt", D), ("truncate -s 0 ~/notes.txt", D), ("truncate -s 0 /var/log/syslog", D), ("truncate -s 0 /tmp/scratch.bin", W), ("truncate -s -100 ./large.log", D)]),
    row!("fs.truncate", P::Filesystem, "truncate", &[], &[], A::Write, WRI, T::Paths, File, "sets file sizes", None, &[("truncate --reference=ref.bin out.bin", W)]),
    row!("database.turso-destroy", P::Database, "turso", &["db"], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys a database", None, &[("turso db destroy x --yes", C)]),
    row!("publish.twine-upload", P::Publish, "twine", &["upload"], &[], A::Publish, DES, T::None, Fixed, "publishes a package version to PyPI", None, &[("twine upload dist/*", D)]),
    row!("database.typeorm-drop", P::Database, "typeorm", &[], &[Operand(&["schema:drop"])], A::Remote, CAT, T::None, Fixed, "drops every table of the database", None, &[("typeorm schema:drop", C), ("npx typeorm schema:drop", C), ("typeorm migration:show", N)]),
    row!("system.ufw", P::System, "ufw", &[], &[Operand(&["disable", "reset", "delete"])], A::System, DES, T::None, Fixed, "disables or resets the firewall", None, &[("ufw disable", D), ("ufw status", N)]),
    row!("system.umount-force", P::System, "umount", &[], &[Opt(&["-f", "--force", "-l", "--lazy"])], A::System, DES, T::None, Fixed, "forces file systems off (open files lose writes)", None, &[("umount -f /mnt/data", D)]),
    row!("system.umount", P::System, "umount", &[], &[], A::System, WRI, T::None, Fixed, "unmounts file systems", None, &[("umount /mnt/data", W)]),
    row!("fs.uniq-output", P::Filesystem, "uniq", &[], &[Operands(2)], A::Write, WRI, T::LastPath, File, "writes its output over its second operand", None, &[("uniq a.txt ~/.bashrc", D), ("uniq a.txt", N)]),
    row!("fs.unison-force", P::Filesystem, "unison", &[], &[Opt(&["-force", "-prefer", "-forcepartial", "-preferpartial"])], A::Delete, DES, T::None, Fixed, "applies every difference in favour of one side, its deletions included", Some("unison without -force, reviewing each change"), &[("unison empty ~ -batch -force empty", D), ("unison a b -batch", N)]),
    row!("fs.unlink", P::Filesystem, "unlink", &[], &[], A::Delete, DES, T::Paths, File, "deletes a file", None, &[("unlink a.txt", D), ("unlink ~/.zshrc", D), ("unlink /tmp/scratch", W)]),
    row!("fs.unzip-overwrite", P::Filesystem, "unzip", &[], &[Opt(&["-o"]), Not(&["-l", "-t", "-p", "-c", "-v", "-Z", "-n"])], A::Write, WRI, T::Directory(&["-d"]), Into, "extracts an archive over the files there without asking", None, &[("unzip -o x.zip -d ~", D), ("unzip -oq x.zip -d /usr/local", D), ("unzip -o x.zip", W), ("unzip -o x.zip -d /tmp/x", W), ("unzip -l x.zip", N), ("unzip x.zip -d ~", N)]),
    row!("fs.unzip-answered", P::Filesystem, "unzip", &[], &[Fed, Not(&["-l", "-t", "-p", "-c", "-v", "-Z", "-n"])], A::Write, WRI, T::Directory(&["-d"]), Into, "extracts an archive over the files there, its questions answered by standard input", None, &[("yes | unzip x.zip -d ~", D)]),
    row!("system.userdel-home", P::System, "userdel", &[], &[Opt(&["-r", "--remove"])], A::System, CAT, T::None, Fixed, "deletes a user and their home directory", None, &[("userdel -r alice", C)]),
    row!("system.userdel", P::System, "userdel", &[], &[], A::System, DES, T::None, Fixed, "deletes a user", None, &[("userdel alice", D)]),
    row!("system.usermod-lock", P::System, "usermod", &[], &[Opt(&["-L", "--lock", "-e", "--expiredate"])], A::System, DES, T::None, Fixed, "locks or expires an account", None, &[("usermod -L root", D), ("usermod -aG docker me", N)]),
    row!("publish.uv-publish", P::Publish, "uv", &["publish"], &[Not(&["--dry-run"])], A::Publish, DES, T::None, Fixed, "publishes a package version to PyPI", None, &[("uv publish", D)]),
    row!("iac.vagrant-destroy", P::Iac, "vagrant", &["destroy"], &[], A::Remote, DES, T::None, Fixed, "destroys machines", None, &[("vagrant destroy -f", D), ("vagrant status", N)]),
    row!("secrets.vault-destroy", P::Secrets, "vault", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys secret versions for good", None, &[("vault kv destroy -versions=1-3 secret/app", C)]),
    row!("secrets.vault-delete", P::Secrets, "vault", &[], &[Operand(&["delete", "disable", "revoke", "metadata"]), Not(&["get", "list", "read"])], A::Remote, DES, T::None, Fixed, "deletes secrets or policies, disables a secrets engine or auth method, or revokes leases", None, &[("vault kv delete secret/app", D), ("vault secrets disable kv/", D), ("vault policy delete p", D), ("vault lease revoke -prefix secret/", D), ("vault kv get secret/app", N)]),
    row!("backup.velero-delete", P::Backup, "velero", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes backups, restores, schedules or snapshots", None, &[("velero backup delete daily --confirm", D), ("velero backup get", N)]),
    row!("cloud.vercel-remove", P::Cloud, "vercel", &[], &[Operand(&["remove", "rm"])], A::Remote, DES, T::None, Fixed, "removes deployments or a project", None, &[("vercel remove my-app --yes", D), ("vercel ls", N)]),
    row!("fs.lvm-reduce", P::Filesystem, "vgreduce", &[], &[], A::Device, DES, T::None, Fixed, "removes a disk from a volume group", None, &[("vgreduce vg /dev/sdb", D)]),
    row!("fs.vgremove", P::Filesystem, "vgremove", &[], &[], A::Device, CAT, T::None, Fixed, "removes a volume group", None, &[("vgremove vg", C)]),
    row!("fs.vi", P::Filesystem, "vi", &[], &[], A::Write, WRI, T::PathsSkipping(VIM_VALUES), File, "edits files", None, &[("vi -c ':%d|wq' ~/.bashrc", D)]),
    row!("fs.vim", P::Filesystem, "vim", &[], &[], A::Write, WRI, T::PathsSkipping(VIM_VALUES), File, "edits files", None, &[("vim -es -c '%d' -c 'wq' ~/.bashrc", D), ("vim notes.txt", W)]),
    row!("containers.virsh-delete", P::Containers, "virsh", &[], &[Operand(&["undefine", "vol-delete", "vol-wipe", "pool-delete", "destroy"])], A::Remote, DES, T::None, Fixed, "removes a VM's definition or storage, or stops it hard", None, &[("virsh undefine vm --remove-all-storage", D), ("virsh list", N)]),
    row!("publish.vsce-publish", P::Publish, "vsce", &["publish"], &[], A::Publish, DES, T::None, Fixed, "publishes an extension version", None, &[("vsce publish minor", D)]),
    row!("backup.vssadmin-delete", P::Backup, "vssadmin", &[], &[OperandNoCase(&["delete"])], A::Delete, CAT, T::None, Fixed, "deletes volume shadow copies: Windows' restore points and file versions", None, &[("vssadmin delete shadows /all /quiet", C), ("vssadmin.exe Delete Shadows /All", C), ("vssadmin list shadows", N)]),
    row!("backup.vssadmin-resize", P::Backup, "vssadmin", &[], &[OperandNoCase(&["resize"])], A::Delete, DES, T::None, Fixed, "shrinks shadow copy storage: deletes the shadow copies that no longer fit", None, &[("vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB", D)]),
    row!("cloud.vultr-delete", P::Cloud, "vultr-cli", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes a Vultr resource", None, &[("vultr-cli instance delete 1", D)]),
    row!("backup.wbadmin-delete", P::Backup, "wbadmin", &[], &[OperandNoCase(&["delete"])], A::Delete, CAT, T::None, Fixed, "deletes Windows backups or the backup catalog", None, &[("wbadmin delete catalog -quiet", C), ("wbadmin get versions", N)]),
    row!("fs.wget-output", P::Filesystem, "wget", &[], &[Opt(&["-O", "--output-document", "-o", "--output-file", "-a", "--append-output"])], A::Write, WRI, T::OptionValue(&["-O", "--output-document", "-o", "--output-file", "-a", "--append-output"]), File, "writes what it downloads to a file", None, &[("wget -O ~/.bashrc https://example.com/x", D), ("wget -O- https://example.com", N), ("wget -o ~/.bashrc https://example.com", D)]),
    row!("cloud.wget-delete", P::Cloud, "wget", &[], &[Word(&["--method=DELETE", "--method=delete", "DELETE", "delete"])], A::Remote, DES, T::None, Fixed, "sends an HTTP DELETE: deletes a remote resource", None, &[("wget --method=DELETE http://localhost:9200/logs", D), ("wget http://x/", N)]),
    row!("fs.wipe", P::Filesystem, "wipe", &[], &[OperandStarts("")], A::Device, CAT, T::None, Fixed, "wipes a device or files", None, &[("wipe /dev/sdb", C)]),
    row!("fs.wipefs", P::Filesystem, "wipefs", &[], &[Opt(&["-a", "--all"])], A::Device, CAT, T::None, Fixed, "erases file-system signatures", None, &[("wipefs -a /dev/sda", C)]),
    row!("backup.wmic-shadowcopy-delete", P::Backup, "wmic", &[], &[OperandNoCase(&["shadowcopy"]), OperandNoCase(&["delete"])], A::Delete, CAT, T::None, Fixed, "deletes volume shadow copies: Windows' restore points and file versions", None, &[("wmic shadowcopy delete", C), ("WMIC SHADOWCOPY DELETE /nointeractive", C), ("wmic shadowcopy list brief", N)]),
    row!("cloud.wrangler-delete", P::Cloud, "wrangler", &[], &[Operand(&["delete"])], A::Remote, DES, T::None, Fixed, "deletes a Worker, database or bucket", None, &[("wrangler delete", D), ("wrangler d1 delete db", D)]),
    row!("cloud.xh-delete", P::Cloud, "xh", &[], &[Word(&["DELETE", "delete"])], A::Remote, DES, T::None, Fixed, "sends an HTTP DELETE: deletes a remote resource", None, &[("xh DELETE https://api/x", D), ("xh get https://api/x", N)]),
    row!("fs.xxd-output", P::Filesystem, "xxd", &[], &[Operands(2)], A::Write, WRI, T::LastPath, File, "writes its output over its second operand", None, &[("xxd -r a.txt ~/.bashrc", D), ("xxd a.txt ~/.bashrc", D), ("xxd -r dump.hex out.bin", W), ("xxd a.bin", N)]),
    row!("publish.yarn-publish", P::Publish, "yarn", &[], &[Operand(&["publish"]), Not(&["--dry-run"])], A::Publish, DES, T::None, Fixed, "publishes a package version", None, &[("yarn publish", D), ("yarn npm publish", D), ("yarn install", N)]),
    row!("system.package-remove", P::System, "yum", &[], &[Operand(&["remove", "erase", "autoremove"])], A::System, WRI, T::None, Fixed, "removes packages", None, &[("yum erase httpd", W)]),
    row!("fs.zfs-destroy", P::Filesystem, "zfs", &[], &[Operand(&["destroy"])], A::Device, CAT, T::None, Fixed, "destroys a dataset or snapshot", None, &[("zfs destroy -r tank/data", C)]),
    row!("fs.zfs-rollback", P::Filesystem, "zfs", &[], &[Operand(&["rollback"])], A::Discard, DES, T::None, Fixed, "discards everything after a snapshot", None, &[("zfs rollback tank/data@yesterday", D), ("zfs list", N)]),
    row!("fs.zip-move", P::Filesystem, "zip", &[], &[Opt(&["-m", "--move"])], A::Delete, DES, T::Paths, Tree, "moves files into the archive: deletes them where they are", Some("zip without -m, then delete what you checked"), &[("zip -qrm /tmp/z.zip ~/docs", D), ("zip -m a.zip f", D), ("zip -r a.zip src", N)]),
    row!("fs.zpool-destroy", P::Filesystem, "zpool", &[], &[Operand(&["destroy", "labelclear"])], A::Device, CAT, T::None, Fixed, "destroys a storage pool", None, &[("zpool destroy tank", C), ("zpool status", N)]),
    row!("fs.zpool-create", P::Filesystem, "zpool", &[], &[Operand(&["create"])], A::Device, CAT, T::None, Fixed, "makes a storage pool: erases its devices", None, &[("zpool create -f tank /dev/sda", C)]),
];

/// The rows of `program` (the table is sorted by program).
pub fn by_program(program: &str) -> &'static [Row] {
    &ROWS[crate::index::rows(program)]
}

impl Row {
    /// The effect of this row on a command's arguments, if it applies.
    pub fn apply(&self, args: &Args<'_>, partial: bool, ctx: &Context<'_>) -> Option<Effect> {
        // git's subcommand is its first operand (the subjects strip its
        // global options: `git -C x push` is also read as `git push`), so
        // `git remote prune` is not `git prune`. Elsewhere option values
        // may sit between (`aws --region x s3 rm`).
        if self.program == "git"
            && self
                .path
                .first()
                .is_some_and(|p| args.subcommand() != Some(p))
        {
            return None;
        }
        let after = path_end(self.path, args.operands(), args.open_operands())?;
        let rest = &args.operands()[after..];
        if !self.holds(args, rest, ctx) {
            return None;
        }
        let mut targets = self.targets(args, rest);
        // `-` is standard input or output, not a file.
        targets.retain(|t| !t.is_empty() && *t != "-");
        // A copy's destination receives files; everything else is acted on.
        let destination = matches!(self.targets, T::LastPath) && matches!(self.grade, File | Move);
        let moved_to = matches!(self.grade, Move).then(|| targets.len().saturating_sub(1));
        // What a copy into a directory writes: DIR/NAME of each source
        // (`cp /tmp/.bashrc ~` writes `~/.bashrc`; `cp -t DIR SRC...`).
        let into = if destination || moved_to.is_some() {
            copied_into(self.program, args, rest, ctx, &mut targets)
        } else if matches!(self.targets, T::FindRoots) {
            named_below(args, &mut targets)
        } else {
            Vec::new()
        };
        let mut placed: Vec<(Option<&str>, Scope)> = targets
            .iter()
            .enumerate()
            .map(|(i, t)| {
                // `find -L`, `-H`, `-follow`: a starting point that is a link
                // is followed.
                let follows = matches!(self.targets, T::FindRoots)
                    && args
                        .words()
                        .iter()
                        .any(|w| matches!(w.as_str(), "-L" | "-H" | "-follow"));
                // A file written is opened through a link at its end (`tee
                // rc` with `rc` a link to `~/.bashrc`).
                let written = self.action == Action::Write && !matches!(self.grade, Move);
                let scope = if destination || moved_to == Some(i) {
                    scope::place_destination(t, ctx)
                } else if follows || written {
                    scope::place_followed(t, ctx)
                } else if matches!(self.targets, T::FindRoots) && scope::is_temp_dir(t, ctx) {
                    // What find finds below a temporary directory is temporary.
                    Scope::Temp
                } else {
                    scope::place(t, ctx)
                };
                // Extracted into a directory holding a sensitive place.
                let scope = if matches!(self.grade, Into) && scope::holds_sensitive(t, ctx) {
                    Scope::Sensitive
                } else {
                    scope
                };
                (Some(*t), scope)
            })
            .collect();
        let last_named = placed.len();
        placed.extend(into.iter().map(|t| {
            // `cp -rT src DIR`, `rsync -a src/ DIR`: DIR's contents replaced.
            let whole = t
                .strip_suffix("/.")
                .filter(|dir| scope::holds_sensitive(dir, ctx));
            let scope = match whole {
                Some(_) => Scope::Sensitive,
                None => scope::place(t, ctx),
            };
            (Some(t.as_str()), scope)
        }));
        if partial && !matches!(self.targets, T::None) {
            // More targets come later, expanded at run time.
            placed.push((None, Scope::Unknown));
        }
        if placed.is_empty() {
            match self.targets {
                T::None => placed.push((None, Scope::Remote)),
                // No target named: nothing is written (`dd` to stdout, `tee` alone).
                _ => return None,
            }
        }
        self.worst(placed, last_named, ctx)
    }

    /// The worst effect over the `placed` targets (the first `last_named`
    /// named by the command), each graded by the row.
    fn worst(
        &self,
        placed: Vec<(Option<&str>, Scope)>,
        last_named: usize,
        ctx: &Context<'_>,
    ) -> Option<Effect> {
        // A move takes its sources away (graded as files) and may replace
        // its destination (graded as a move).
        let last = last_named.saturating_sub(1);
        // Moved into the workspace, a person's file taken away is there
        // still; a system's is not where the system looks for it.
        let into_workspace =
            last_named > 0 && matches!(placed[last].1, Scope::Workspace | Scope::BuildOutput);
        // Moved into a trash directory: there still, until it is emptied.
        let into_trash = matches!(self.grade, Move)
            && last_named > 0
            && placed[last].0.is_some_and(|t| scope::is_trash(t, ctx));
        placed
            .into_iter()
            .enumerate()
            .map(|(i, (target, scope))| {
                let severity = match self.grade {
                    Move if into_trash => self.graded_as(File, scope, ctx.many, target),
                    // What is moved away: a file, unless it is not known.
                    Move if i < last
                        && into_workspace
                        && matches!(
                            scope,
                            Scope::Home
                                | Scope::Outside
                                | Scope::Temp
                                | Scope::Workspace
                                | Scope::BuildOutput
                        ) =>
                    {
                        self.graded_as(File, scope, ctx.many, target)
                    }
                    // A file outside the workspace written over (`cp
                    // /dev/null ~/thesis.tex`, `install f ~/x`): what it held
                    // is lost.
                    File if self.action == Action::Write
                        && matches!(scope, Scope::Home | Scope::Outside)
                        && target.is_some_and(|t| crate::holds_data(t, ctx)) =>
                    {
                        self.graded_as(File, scope, ctx.many, target)
                            .max(Severity::Destructive)
                    }
                    grade => self.graded_as(grade, scope, ctx.many, target),
                };
                (severity, target, scope)
            })
            .max_by_key(|(severity, _, scope)| (*severity, scope.is_outside()))
            .map(|(severity, target, scope)| self.effect(severity, scope, target))
    }

    /// Every condition of the row holds for `args` (`rest`: the operands
    /// after the row's path).
    fn holds(&self, args: &Args<'_>, rest: &[&str], ctx: &Context<'_>) -> bool {
        // Words that may become any words when expanded (`git stash "$op"`):
        // what the row asks for of options and operands may be there.
        let open = args.open();
        let open_rest = args.open_operands() && rest.iter().any(|o| crate::opens(o));
        self.when.iter().all(|c| match *c {
            Opt(spellings) => open || args.has(spellings),
            // An expanded word may take a lowering option back
            // (`git push -n $F` with `--no-dry-run --force`).
            Not(spellings) => open || !args.has_exactly(spellings),
            OperandStarts(prefix) => open_rest || rest.iter().any(|o| o.starts_with(prefix)),
            Operand(words) => open_rest || rest.iter().any(|o| words.contains(o)),
            Word(words) => open || args.words().iter().any(|w| words.contains(&w.as_str())),
            NoOperand => rest.is_empty(),
            DashDash => open || args.dashdash(),
            LastOperand(words) => open_rest || rest.last().is_some_and(|o| words.contains(o)),
            NotPrompting => ctx.stdin_fed || open || !rm_prompts(args),
            Fed => ctx.stdin_fed,
            ForcedLocalRef => {
                let forced = args.has(&["-f", "--force"]);
                open_rest
                    || rest.iter().any(|o| {
                        let (plus, spec) = o.strip_prefix('+').map_or((false, *o), |s| (true, s));
                        spec.split_once(':').is_some_and(|(_, dst)| {
                            (plus || forced) && !dst.is_empty() && !dst.starts_with("refs/remotes/")
                        })
                    })
            }
            Open => open,
            NoWord(words) => !args
                .words()
                .iter()
                .any(|w| words.iter().any(|x| x.eq_ignore_ascii_case(w))),
            OperandNoCase(words) => {
                open_rest
                    || rest
                        .iter()
                        .any(|o| words.iter().any(|w| w.eq_ignore_ascii_case(o)))
            }
            WordContains(part) => {
                open || args
                    .words()
                    .iter()
                    .any(|w| w.to_ascii_lowercase().contains(&part.to_ascii_lowercase()))
            }
            Operands(n) => open_rest || rest.len() >= n,
            Abbreviates(words) => {
                open_rest
                    || rest
                        .iter()
                        .any(|o| o.len() >= 2 && words.iter().any(|w| w.starts_with(*o)))
            }
            OperandContains(parts) => {
                open_rest
                    || rest.iter().any(|o| {
                        let o = o.to_ascii_lowercase();
                        parts.iter().any(|p| o.contains(p))
                    })
            }
            OperandExists => rest.iter().any(|o| match ctx.cwd {
                Some(cwd) => std::fs::symlink_metadata(cwd.join(o)).is_ok() && !is_branch(cwd, o),
                None => true,
            }),
        })
    }

    /// The row's targets in `args` (`rest`: the operands after its path).
    fn targets<'a>(&self, args: &'a Args<'_>, rest: &[&'a str]) -> Vec<&'a str> {
        match self.targets {
            T::None => Vec::new(),
            T::Paths => rest.to_vec(),
            T::OptionValue(options) => option_values(args.words(), options),
            T::PathsSkipping(options) => {
                let mut out = Vec::new();
                let mut words = args.words().iter().map(String::as_str);
                while let Some(w) = words.next() {
                    if options.contains(&w) {
                        words.next();
                    } else if !w.starts_with('-') || w == "-" {
                        out.push(w);
                    }
                }
                out
            }
            T::LastPath => rest.last().copied().into_iter().collect(),
            T::Directory(options) => {
                let dirs = option_values(args.words(), options);
                if dirs.is_empty() { vec!["."] } else { dirs }
            }
            // dd and qemu-img dd read their operands in order: the last
            // `of=` is the one written (`dd of=/etc/passwd of=/tmp/x`).
            T::Value(key) => args
                .words()
                .iter()
                .rev()
                .find_map(|w| w.strip_prefix(key))
                .into_iter()
                .collect(),
            T::FindRoots => {
                let roots: Vec<&str> = args
                    .words()
                    .iter()
                    .map(String::as_str)
                    .take_while(|w| !w.starts_with(['-', '(', '!']) || w.len() == 1 && *w == "-")
                    .collect();
                if roots.is_empty() { vec!["."] } else { roots }
            }
        }
    }

    fn graded_as(&self, grade: Grade, scope: Scope, many: bool, target: Option<&str>) -> Severity {
        use Scope as S;
        let at_least = |s: Severity| self.severity.max(s);
        let wide_file = matches!(
            scope,
            S::Root | S::SystemRoot | S::HomeRoot | S::WorkspaceRoot | S::Sensitive
        );
        match grade {
            Fixed => self.severity,
            _ if scope == S::Device => Severity::Catastrophic,
            // `rm -f /dev/null`, `mv /dev/null x`: the node itself is gone.
            _ if scope == S::Null && (self.action == Action::Delete || matches!(grade, Move)) => {
                Severity::Catastrophic
            }
            _ if scope == S::Null => Severity::Write,
            Tree if scope.is_wide() => Severity::Catastrophic,
            // A tree outside the workspace, not a disposable one, is gone
            // for good (`rsync -a --delete src/ /srv/site/`).
            Tree | Scoped
                if scope.is_wide()
                    || scope == S::Unknown
                    || scope.is_outside() && !scope.is_disposable() =>
            {
                at_least(Severity::Destructive)
            }
            File | Move if scope == S::Unknown && many => at_least(Severity::Destructive),
            // Deleted from a directory known only when it runs (`cd -; rm
            // id_rsa`), a name that credentials or start-up files have.
            File if scope == S::Unknown
                && self.action == Action::Delete
                && target.is_some_and(scope::sensitive_name) =>
            {
                at_least(Severity::Destructive)
            }
            File | Move | Tree | Scoped if wide_file => at_least(Severity::Destructive),
            Into if wide_file && scope != S::WorkspaceRoot
                || matches!(scope, S::System | S::Unknown) =>
            {
                at_least(Severity::Destructive)
            }
            Move if scope.is_outside() && !scope.is_disposable() => at_least(Severity::Destructive),
            // A file deleted or edited in place outside the workspace is
            // gone for good (`rm /etc/hosts`, `sed -i d ~/notes`), as a file
            // written over under a system directory (`cp /dev/null
            // /usr/bin/sudo`): nothing in the workspace can restore them.
            File if (self.action == Action::Delete || IN_PLACE.contains(&self.id))
                && matches!(scope, S::Home | S::Outside | S::System) =>
            {
                at_least(Severity::Destructive)
            }
            File if self.action == Action::Write && scope == S::System => {
                at_least(Severity::Destructive)
            }
            _ if scope.is_disposable() => Severity::Write,
            _ => self.severity,
        }
    }

    fn effect(&self, severity: Severity, scope: Scope, target: Option<&str>) -> Effect {
        Effect {
            rule: self.id,
            pack: self.pack,
            action: self.action,
            severity,
            scope,
            target: target.map(str::to_string),
            summary: self.summary,
            alternative: self.alternative,
        }
    }
}

/// Does GNU `rm` ask before each removal (so a person answers)? The
/// last of `-i` (or `--interactive`, `=always`) and `-f` (or `--force`,
/// `--interactive=never`) wins; `-I` (`--interactive=once`) asks once
/// when removing recursively or more than three files.
pub fn rm_prompts(args: &Args<'_>) -> bool {
    #[derive(PartialEq)]
    enum Last {
        None,
        Always,
        Once,
        Never,
    }
    // `--interactive` takes `never`/`no`/`none`, `once`, `always`/`yes`, or
    // an unambiguous prefix (argmatch: `=o` is `once`, `=y` `yes`); anything
    // else is `never` here, the worst case.
    let interactive = |v: &str| {
        let prefix = |full: &str| !v.is_empty() && full.starts_with(v);
        if v.is_empty() || prefix("always") || prefix("yes") {
            Last::Always
        } else if prefix("once") {
            Last::Once
        } else {
            Last::Never
        }
    };
    let mut last = Last::None;
    let mut recursive = false;
    if let Some(flags) = args.exact_flags() {
        // As the program read them, the last of `-f`, `-i`, `-I` winning.
        for (name, value) in flags {
            match *name {
                "-f" => last = Last::Never,
                "-i" => last = Last::Always,
                "-I" => last = Last::Once,
                "--interactive" => last = interactive(value.as_deref().unwrap_or("")),
                "-r" => recursive = true,
                _ => {}
            }
        }
    } else {
        rm_prompts_leniently(args, &mut |c, v| match c {
            'f' => last = Last::Never,
            'i' => last = interactive(v),
            'I' => last = Last::Once,
            _ => recursive = true,
        });
    }
    match last {
        Last::Always => true,
        Last::Once => recursive || args.operands().len() > 3,
        Last::None | Last::Never => false,
    }
}

/// rm's options before its first operand, read without its grammar (a
/// word it could not read whole): `f`, `i` (with `--interactive`'s value),
/// `I` and `r` as they come. Only options before the first operand: with
/// POSIXLY_CORRECT set, `rm -rf ~ -i` removes a file named `-i`.
fn rm_prompts_leniently(args: &Args<'_>, seen: &mut dyn FnMut(char, &str)) {
    // GNU getopt takes any unambiguous prefix of a long option.
    let long = |w: &str, name: &str| w.len() >= 3 && name.starts_with(w);
    for w in args
        .words()
        .iter()
        .take_while(|w| w.starts_with('-') && w.len() > 1)
    {
        let (name, value) = w.split_once('=').unwrap_or((w.as_str(), ""));
        match name {
            "--" => break,
            n if long(n, "--force") => seen('f', ""),
            n if long(n, "--interactive") => seen('i', value),
            n if long(n, "--recursive") => seen('r', ""),
            w if w.starts_with('-') && !w.starts_with("--") => {
                for c in w.chars().skip(1) {
                    match c {
                        'f' | 'i' | 'I' => seen(c, ""),
                        'r' | 'R' => seen('r', ""),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

/// The values of `options` in `words`: the next word, or glued
/// (`--output=FILE`, `-oFILE`).
fn option_values<'a>(words: &'a [String], options: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        // `--dir ~` and `--dir=~` for `--directory` (getopt_long's
        // abbreviations), at least three letters after the dashes.
        let abbreviated = w.len() > 4
            && !options.contains(&w.split('=').next().unwrap_or(w))
            && options
                .iter()
                .any(|o| o.starts_with("--") && shellward_argv::options::may_spell(w, o));
        if abbreviated {
            match w.split_once('=') {
                Some((_, v)) if !v.is_empty() => out.push(v),
                Some(_) => {}
                None => out.extend(words.get(i + 1).map(String::as_str)),
            }
            continue;
        }
        for o in options {
            let short = o.len() == 2 && !w.starts_with("--") && w.starts_with('-') && w.len() > 2;
            if w == o || (short && w.ends_with(&o[1..])) {
                // `-o FILE`, and `-sD FILE` (the option ends a cluster).
                out.extend(words.get(i + 1).map(String::as_str));
            } else if let Some(v) = w.strip_prefix(o) {
                let glued = if o.starts_with("--") {
                    v.strip_prefix('=')
                } else {
                    Some(v)
                };
                out.extend(glued.filter(|v| !v.is_empty()));
            }
        }
    }
    out
}

/// The files a copy or a move writes into its destination directory
/// (DIR/NAME of each source in `rest`); a `-t DIR` destination is added to
/// `targets`.
fn copied_into<'a>(
    program: &str,
    args: &'a Args<'_>,
    rest: &[&'a str],
    ctx: &Context<'_>,
    targets: &mut Vec<&'a str>,
) -> Vec<String> {
    let mut into = Vec::new();
    let named = option_values(args.words(), &["-t", "--target-directory"]);
    let (dir, sources): (Option<&str>, Vec<&str>) = match named.first() {
        Some(dir) => (
            Some(*dir),
            rest.iter().copied().filter(|o| o != dir).collect(),
        ),
        None => (
            rest.last().copied(),
            rest[..rest.len().saturating_sub(1)].to_vec(),
        ),
    };
    // `cp a /dev/null`, `dd ... of=/dev/sda`: a file, not a directory.
    let directory = dir.filter(|d| !matches!(scope::place(d, ctx), Scope::Null | Scope::Device));
    // `rsync -a src/ DIR` and `cp -rT src DIR` copy what is in `src` into
    // `DIR` itself: names the command does not give (`DIR/.`).
    let contents = |src: &str| {
        (program == "rsync" && src.ends_with('/'))
            || (NO_TARGET_DIRECTORY.contains(&program)
                && args.has(&["-T", "--no-target-directory"]))
    };
    if let Some(dir) = directory {
        let dir = dir.trim_end_matches('/');
        into.extend(sources.iter().map(|src| {
            let name = if contents(src) {
                "."
            } else {
                src.trim_end_matches('/').rsplit('/').next().unwrap_or(src)
            };
            format!("{dir}/{name}")
        }));
        if !named.is_empty() {
            targets.push(dir);
        }
    }
    into
}

/// What find hands on below each starting point when its only name test
/// cannot match the point itself (`find . -name __pycache__ -delete`):
/// `ROOT/NAME`, in place of the point.
fn named_below(args: &Args<'_>, roots: &mut Vec<&str>) -> Vec<String> {
    let Some(name) = crate::find_name(args.words()) else {
        return Vec::new();
    };
    let own = |root: &str| {
        let root = root.trim_end_matches('/');
        shellward_argv::options::may_match_name(name, root.rsplit('/').next().unwrap_or(root))
    };
    let below = roots
        .iter()
        .filter(|r| !own(r))
        .map(|r| format!("{}/{name}", r.trim_end_matches('/')))
        .collect();
    roots.retain(|r| own(r));
    below
}

/// Programs whose `-T` (`--no-target-directory`) makes the destination the
/// copy itself, not a directory it goes into.
const NO_TARGET_DIRECTORY: &[&str] = &["cp", "mv", "install", "ln"];

/// Where the row's path ends among `operands`: its words found in order
/// (not necessarily adjacent: `aws --region x s3 rm` has values between).
fn path_end(path: &[&str], operands: &[&str], open: bool) -> Option<usize> {
    let mut at = 0;
    for word in path {
        at += operands[at..]
            .iter()
            .position(|o| o == word || (open && crate::opens(o)))?
            + 1;
    }
    Some(at)
}

/// Is `name` a branch of the repository `cwd` is in (a local one, or a
/// remote's that `git checkout NAME` would track)? git checks out a branch
/// before it reads a path of the same name.
fn is_branch(cwd: &std::path::Path, name: &str) -> bool {
    if name.is_empty() || name.contains("..") || name.starts_with('/') {
        return false;
    }
    let Some(git) = cwd
        .ancestors()
        .take(64)
        .map(|d| d.join(".git"))
        .find(|g| g.is_dir())
    else {
        return false;
    };
    let loose = git.join("refs/heads").join(name).is_file()
        || std::fs::read_dir(git.join("refs/remotes"))
            .into_iter()
            .flatten()
            .flatten()
            .any(|remote| remote.path().join(name).is_file());
    let packed = || {
        std::fs::read_to_string(git.join("packed-refs")).is_ok_and(|refs| {
            refs.lines().any(|l| {
                l.split_once(' ').is_some_and(|(_, r)| {
                    r == format!("refs/heads/{name}")
                        || (r.starts_with("refs/remotes/") && r.ends_with(&format!("/{name}")))
                })
            })
        })
    };
    loose || packed()
}
