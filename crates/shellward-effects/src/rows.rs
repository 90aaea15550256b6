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
    /// No operand after the row's path (`git stash` alone, `git checkout .`).
    NoOperand,
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
    /// The value of a `key=` word, as a path (`dd of=`).
    Value(&'static str),
    /// find's starting points: the operands before its expression.
    FindRoots,
}

/// How the targets' place changes the row's severity.
#[derive(Debug, Clone, Copy)]
pub enum Grade {
    /// The row's severity whatever the targets.
    Fixed,
    /// A tree: catastrophic where wide (root, home, workspace root, system,
    /// device), write where disposable (temporary, build output).
    Tree,
    /// One file: destructive outside the workspace or in the system,
    /// write where disposable.
    File,
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

use Action as A;
use Cond::*;
use Grade::*;
use Pack as P;
use Severity::{Catastrophic as CAT, Destructive as DES, Write as WRI};
use Targets as T;

const C: Option<Severity> = Some(CAT);
const D: Option<Severity> = Some(DES);
const W: Option<Severity> = Some(WRI);
const N: Option<Severity> = None;

/// Recursive options of rm, cp, chmod and chown.
const RECURSIVE: &[&str] = &["-r", "-R", "--recursive"];
/// find's tests that narrow what `-delete` deletes.
#[rustfmt::skip]
const FIND_FILTERS: &[&str] = &[
    "-name", "-iname", "-path", "-ipath", "-wholename", "-regex", "-iregex", "-type", "-newer",
    "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-empty", "-user", "-group",
    "-perm", "-links", "-inum", "-samefile",
];

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

/// Every row, sorted by program.
#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    row!("cloud.aws-s3-rm-recursive", P::Cloud, "aws", &["s3", "rm"], &[Opt(&["--recursive"])], A::Remote, CAT, T::None, Fixed, "deletes every object under an S3 prefix", Some("run it with --dryrun first"), &[("aws s3 rm s3://bucket/ --recursive", C), ("aws s3 rm s3://bucket/key --dryrun", D)]),
    row!("cloud.aws-s3-rm", P::Cloud, "aws", &["s3", "rm"], &[], A::Remote, DES, T::None, Fixed, "deletes S3 objects", None, &[("aws s3 ls s3://bucket", N)]),
    row!("cloud.aws-s3-rb", P::Cloud, "aws", &["s3", "rb"], &[], A::Remote, CAT, T::None, Fixed, "deletes an S3 bucket", None, &[("aws s3 rb s3://bucket --force", C)]),
    row!("cloud.aws-s3-sync-delete", P::Cloud, "aws", &["s3", "sync"], &[Opt(&["--delete"])], A::Remote, DES, T::None, Fixed, "deletes files the source does not have", Some("run it with --dryrun first"), &[("aws s3 sync . s3://b --delete", D), ("aws s3 sync . s3://b", N)]),
    row!("cloud.aws-terminate", P::Cloud, "aws", &["ec2", "terminate-instances"], &[], A::Remote, CAT, T::None, Fixed, "terminates EC2 instances", None, &[("aws ec2 terminate-instances --instance-ids i-1", C)]),
    row!("cloud.aws-rds-delete", P::Cloud, "aws", &["rds", "delete-db-instance"], &[], A::Remote, CAT, T::None, Fixed, "deletes a database instance", Some("keep a final snapshot (--final-db-snapshot-identifier)"), &[("aws rds delete-db-instance --db-instance-identifier prod", C)]),
    row!("cloud.aws-rds-delete-cluster", P::Cloud, "aws", &["rds", "delete-db-cluster"], &[], A::Remote, CAT, T::None, Fixed, "deletes a database cluster", None, &[("aws rds delete-db-cluster --db-cluster-identifier c", C)]),
    row!("cloud.aws-dynamodb-delete", P::Cloud, "aws", &["dynamodb", "delete-table"], &[], A::Remote, CAT, T::None, Fixed, "deletes a DynamoDB table", None, &[("aws dynamodb delete-table --table-name t", C)]),
    row!("cloud.aws-cfn-delete", P::Cloud, "aws", &["cloudformation", "delete-stack"], &[], A::Remote, CAT, T::None, Fixed, "deletes a CloudFormation stack and its resources", None, &[("aws cloudformation delete-stack --stack-name s", C)]),
    row!("cloud.aws-secret-delete", P::Cloud, "aws", &["secretsmanager", "delete-secret"], &[], A::Remote, DES, T::None, Fixed, "deletes a secret", None, &[("aws secretsmanager delete-secret --secret-id x", D)]),
    row!("cloud.aws-iam-delete", P::Cloud, "aws", &["iam"], &[OperandStarts("delete-")], A::Remote, DES, T::None, Fixed, "deletes an IAM resource", None, &[("aws iam delete-user --user-name u", D), ("aws iam list-users", N)]),
    row!("cloud.aws-delete", P::Cloud, "aws", &[], &[OperandStarts("delete-")], A::Remote, DES, T::None, Fixed, "deletes a cloud resource", None, &[("aws lambda delete-function --function-name f", D)]),
    row!("cloud.aws-kms-delete", P::Cloud, "aws", &["kms", "schedule-key-deletion"], &[], A::Remote, CAT, T::None, Fixed, "schedules a key's deletion: what it encrypted becomes unreadable", None, &[("aws kms schedule-key-deletion --key-id k", C)]),
    row!("cloud.az-group-delete", P::Cloud, "az", &["group", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a resource group and everything in it", None, &[("az group delete -n rg --yes", C)]),
    row!("cloud.az-delete", P::Cloud, "az", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes an Azure resource", None, &[("az vm delete -g rg -n vm", D), ("az vm list", N)]),
    row!("fs.chmod-recursive", P::Filesystem, "chmod", &[], &[Opt(RECURSIVE)], A::Chmod, DES, T::Paths, Tree, "changes permissions recursively", None, &[("chmod -R 777 /", C), ("chmod -R u+w src", D), ("chmod -R 755 ~", C)]),
    row!("fs.chmod", P::Filesystem, "chmod", &[], &[], A::Chmod, WRI, T::Paths, File, "changes permissions", None, &[("chmod +x run.sh", W), ("chmod 600 ~/.ssh/id_rsa", D)]),
    row!("fs.chown-recursive", P::Filesystem, "chown", &[], &[Opt(RECURSIVE)], A::Chmod, DES, T::Paths, Tree, "changes owners recursively", None, &[("chown -R nobody /", C), ("chown -R me src", D)]),
    row!("fs.chown", P::Filesystem, "chown", &[], &[], A::Chmod, WRI, T::Paths, File, "changes owners", None, &[("chown me a.txt", W)]),
    row!("fs.cp", P::Filesystem, "cp", &[], &[], A::Write, WRI, T::LastPath, File, "copies over", None, &[("cp a b", W), ("cp a ~/.bashrc", D), ("cp a /tmp/x", W)]),
    row!("system.crontab-remove", P::System, "crontab", &[], &[Opt(&["-r", "--remove"])], A::System, DES, T::None, Fixed, "removes the user's crontab", Some("save it first: crontab -l > crontab.bak"), &[("crontab -r", D), ("crontab -l", N)]),
    row!("fs.dd-device", P::Filesystem, "dd", &[], &[], A::Device, WRI, T::Value("of="), File, "writes raw blocks", None, &[("dd if=/dev/zero of=/dev/sda bs=1M", C), ("dd if=a of=b", W), ("dd if=/dev/sda", N)]),
    row!("containers.docker-system-prune", P::Containers, "docker", &["system", "prune"], &[], A::Remote, DES, T::None, Fixed, "deletes stopped containers, unused networks, images and build cache", None, &[("docker system prune -af", D), ("docker system prune --volumes", D)]),
    row!("containers.docker-volume-rm", P::Containers, "docker", &["volume"], &[Operand(&["rm", "prune"])], A::Remote, DES, T::None, Fixed, "deletes volumes and their data", None, &[("docker volume rm data", D), ("docker volume prune -f", D), ("docker volume ls", N)]),
    row!("containers.docker-rm", P::Containers, "docker", &[], &[Operand(&["rm", "rmi", "kill"])], A::Remote, WRI, T::None, Fixed, "removes containers or images", None, &[("docker rm -f web", W), ("docker ps", N)]),
    row!("system.dropdb", P::Database, "dropdb", &[], &[], A::Remote, CAT, T::None, Fixed, "drops a PostgreSQL database", Some("dump it first (pg_dump)"), &[("dropdb prod", C)]),
    row!("fs.fdisk", P::Filesystem, "fdisk", &[], &[Not(&["-l", "--list"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("fdisk /dev/sda", C), ("fdisk -l", N)]),
    row!("fs.find-delete-all", P::Filesystem, "find", &[], &[Opt(&["-delete"]), Not(FIND_FILTERS)], A::Delete, DES, T::FindRoots, Tree, "deletes every file under its starting points", Some("run it without -delete first to see the list"), &[("find / -delete", C), ("find . -delete", C), ("find build -delete", W), ("find . -name x", N)]),
    row!("fs.find-delete", P::Filesystem, "find", &[], &[Opt(&["-delete"]), Opt(FIND_FILTERS)], A::Delete, DES, T::FindRoots, Fixed, "deletes every file it finds", Some("run it without -delete first to see the list"), &[("find . -name '*.o' -delete", D), ("find ~ -type f -delete", D)]),
    row!("cloud.gcloud-projects-delete", P::Cloud, "gcloud", &["projects", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a Google Cloud project", None, &[("gcloud projects delete p", C)]),
    row!("cloud.gcloud-sql-delete", P::Cloud, "gcloud", &["sql", "instances", "delete"], &[], A::Remote, CAT, T::None, Fixed, "deletes a Cloud SQL instance", None, &[("gcloud sql instances delete db", C)]),
    row!("cloud.gcloud-delete", P::Cloud, "gcloud", &["delete"], &[], A::Remote, DES, T::None, Fixed, "deletes a Google Cloud resource", None, &[("gcloud compute instances delete vm", D), ("gcloud compute instances list", N)]),
    row!("git.branch-force-delete", P::Git, "git", &["branch"], &[Opt(&["-D"])], A::Discard, DES, T::None, Fixed, "deletes a branch even if it is not merged", Some("git branch -d (refuses unmerged branches)"), &[("git branch -D feature", D), ("git branch -d feature", N)]),
    row!("git.branch-delete-force", P::Git, "git", &["branch"], &[Opt(&["-d", "--delete"]), Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "deletes a branch even if it is not merged", Some("git branch -d (refuses unmerged branches)"), &[("git branch --delete --force x", D)]),
    row!("git.checkout-discard", P::Git, "git", &["checkout"], &[Operand(&[".", "--", ":/"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git checkout -- .", D), ("git checkout .", D), ("git checkout main", N)]),
    row!("git.checkout-force", P::Git, "git", &["checkout"], &[Opt(&["-f", "--force"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git checkout -f main", D)]),
    row!("git.clean", P::Git, "git", &["clean"], &[Opt(&["-f", "--force"]), Not(DRY)], A::Discard, DES, T::None, Fixed, "deletes untracked files", Some("git clean -n first to see the list"), &[("git clean -fdx", D), ("git clean -fd -n", N), ("git clean -fdx -enode_modules", D)]),
    row!("git.filter-branch", P::Git, "git", &["filter-branch"], &[], A::Publish, DES, T::None, Fixed, "rewrites history", None, &[("git filter-branch --tree-filter x HEAD", D)]),
    row!("git.filter-repo", P::Git, "git", &["filter-repo"], &[], A::Publish, DES, T::None, Fixed, "rewrites history", None, &[("git filter-repo --path x --invert-paths", D)]),
    row!("git.gc-prune-now", P::Git, "git", &["gc"], &[Opt(&["--prune=now", "--prune=all"])], A::Discard, DES, T::None, Fixed, "deletes unreachable commits now", None, &[("git gc --prune=now", D), ("git gc", N)]),
    row!("git.push-force", P::Git, "git", &["push"], &[Opt(&["-f", "--force", "--mirror"]), Not(&["--force-with-lease", "--force-if-includes"])], A::Publish, CAT, T::None, Fixed, "force-pushes: replaces published history", Some("git push --force-with-lease"), &[("git push --force origin main", C), ("git push -f", C), ("git push --mirror backup", C), ("git push --force-with-lease", D)]),
    row!("git.push-lease", P::Git, "git", &["push"], &[Opt(&["--force-with-lease", "--force-if-includes"])], A::Publish, DES, T::None, Fixed, "force-pushes if the remote is as last fetched", None, &[("git push --force-with-lease origin x", D)]),
    row!("git.push-plus-ref", P::Git, "git", &["push"], &[OperandStarts("+")], A::Publish, CAT, T::None, Fixed, "force-pushes a ref (`+ref`): replaces published history", Some("git push --force-with-lease"), &[("git push origin +main", C)]),
    row!("git.push-delete", P::Git, "git", &["push"], &[Opt(&["-d", "--delete"])], A::Publish, DES, T::None, Fixed, "deletes a remote branch or tag", None, &[("git push origin --delete old", D)]),
    row!("git.push-delete-ref", P::Git, "git", &["push"], &[OperandStarts(":")], A::Publish, DES, T::None, Fixed, "deletes a remote ref (`:ref`)", None, &[("git push origin :old", D)]),
    row!("git.push", P::Git, "git", &["push"], &[], A::Publish, WRI, T::None, Fixed, "publishes commits", None, &[("git push origin main", W)]),
    row!("git.reflog-expire", P::Git, "git", &["reflog", "expire"], &[], A::Discard, DES, T::None, Fixed, "forgets the reflog: lost commits become unrecoverable", None, &[("git reflog expire --expire=now --all", D)]),
    row!("git.reset-hard", P::Git, "git", &["reset"], &[Opt(&["--hard", "--merge", "--keep"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git reset --hard HEAD~1", D), ("git reset HEAD~1", N)]),
    row!("git.restore", P::Git, "git", &["restore"], &[Not(&["--staged", "-S"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes in the working tree", Some("git stash first"), &[("git restore .", D), ("git restore --staged a.txt", N)]),
    row!("git.stash-clear", P::Git, "git", &["stash", "clear"], &[], A::Discard, DES, T::None, Fixed, "drops every stash", None, &[("git stash clear", D)]),
    row!("git.stash-drop", P::Git, "git", &["stash", "drop"], &[], A::Discard, DES, T::None, Fixed, "drops a stash", None, &[("git stash drop stash@{0}", D), ("git stash list", N)]),
    row!("git.switch-discard", P::Git, "git", &["switch"], &[Opt(&["--discard-changes", "-f", "--force"])], A::Discard, DES, T::None, Fixed, "discards uncommitted changes", Some("git stash first"), &[("git switch --discard-changes main", D), ("git switch main", N)]),
    row!("git.update-ref-delete", P::Git, "git", &["update-ref"], &[Opt(&["-d"])], A::Discard, DES, T::None, Fixed, "deletes a ref", None, &[("git update-ref -d refs/heads/x", D)]),
    row!("system.reboot", P::System, "halt", &[], &[], A::System, DES, T::None, Fixed, "stops the machine", None, &[("halt", D)]),
    row!("kubernetes.helm-uninstall", P::Kubernetes, "helm", &[], &[Operand(&["uninstall", "delete", "del", "un"])], A::Remote, DES, T::None, Fixed, "uninstalls a release and its resources", Some("helm uninstall --dry-run first"), &[("helm uninstall web", D), ("helm list", N)]),
    row!("system.kill-all", P::System, "kill", &[], &[Word(&["-1"])], A::System, CAT, T::None, Fixed, "signals every process the user may signal", None, &[("kill -9 -1", C), ("kill -- -1", C)]),
    row!("kubernetes.delete-namespace", P::Kubernetes, "kubectl", &["delete"], &[Operand(&["ns", "namespace", "namespaces"])], A::Remote, CAT, T::None, Fixed, "deletes a namespace and everything in it", Some("kubectl delete --dry-run=server first"), &[("kubectl delete ns prod", C), ("kubectl delete namespace x", C)]),
    row!("kubernetes.delete-all", P::Kubernetes, "kubectl", &["delete"], &[Opt(&["--all", "-A", "--all-namespaces"])], A::Remote, CAT, T::None, Fixed, "deletes every resource of a kind", Some("kubectl delete --dry-run=server first"), &[("kubectl delete pods --all", C)]),
    row!("kubernetes.delete", P::Kubernetes, "kubectl", &["delete"], &[Not(&["--dry-run=client", "--dry-run=server"])], A::Remote, DES, T::None, Fixed, "deletes cluster resources", Some("kubectl delete --dry-run=server first"), &[("kubectl delete pod web-1", D), ("kubectl get pods", N)]),
    row!("kubernetes.drain", P::Kubernetes, "kubectl", &[], &[Operand(&["drain", "cordon"])], A::Remote, DES, T::None, Fixed, "evicts every pod from a node", None, &[("kubectl drain node-1", D)]),
    row!("fs.mkfs", P::Filesystem, "mke2fs", &[], &[], A::Device, CAT, T::None, Fixed, "makes a file system: erases the device", None, &[("mke2fs /dev/sdb1", C)]),
    row!("fs.mkfs", P::Filesystem, "mkfs", &[], &[], A::Device, CAT, T::None, Fixed, "makes a file system: erases the device", None, &[("mkfs -t ext4 /dev/sdb1", C)]),
    row!("fs.mkfs", P::Filesystem, "mkfs.ext4", &[], &[], A::Device, CAT, T::None, Fixed, "makes a file system: erases the device", None, &[("mkfs.ext4 /dev/sdb1", C)]),
    row!("fs.mkfs", P::Filesystem, "mkfs.vfat", &[], &[], A::Device, CAT, T::None, Fixed, "makes a file system: erases the device", None, &[("mkfs.vfat /dev/sdc1", C)]),
    row!("fs.mkfs", P::Filesystem, "mkfs.xfs", &[], &[], A::Device, CAT, T::None, Fixed, "makes a file system: erases the device", None, &[("mkfs.xfs -f /dev/sdb", C)]),
    row!("fs.mv", P::Filesystem, "mv", &[], &[], A::Write, WRI, T::Paths, File, "moves over", None, &[("mv a b", W), ("mv a /etc/passwd", D), ("mv ~/.ssh x", D)]),
    row!("publish.npm-publish", P::Publish, "npm", &[], &[Operand(&["publish"]), Not(&["--dry-run"])], A::Publish, DES, T::None, Fixed, "publishes a package version (a version number cannot be used twice)", Some("npm publish --dry-run first"), &[("npm publish", D), ("npm publish --dry-run", N)]),
    row!("publish.npm-unpublish", P::Publish, "npm", &[], &[Operand(&["unpublish"])], A::Publish, CAT, T::None, Fixed, "unpublishes a package others may depend on", None, &[("npm unpublish pkg --force", C)]),
    row!("fs.parted", P::Filesystem, "parted", &[], &[Not(&["-l", "--list"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("parted /dev/sda mklabel gpt", C)]),
    row!("system.pkill", P::System, "pkill", &[], &[], A::System, WRI, T::None, Fixed, "signals processes by name", None, &[("pkill node", W)]),
    row!("system.reboot", P::System, "poweroff", &[], &[], A::System, DES, T::None, Fixed, "stops the machine", None, &[("poweroff", D)]),
    row!("iac.pulumi-destroy", P::Iac, "pulumi", &[], &[Operand(&["destroy", "down"])], A::Remote, CAT, T::None, Fixed, "destroys every resource of a stack", Some("pulumi preview --destroy first"), &[("pulumi destroy --yes", C)]),
    row!("system.reboot", P::System, "reboot", &[], &[], A::System, DES, T::None, Fixed, "restarts the machine", None, &[("reboot", D)]),
    row!("database.redis-flush", P::Database, "redis-cli", &[], &[Operand(&["FLUSHALL", "flushall", "FLUSHDB", "flushdb"])], A::Remote, CAT, T::None, Fixed, "deletes every key", None, &[("redis-cli FLUSHALL", C), ("redis-cli -h db flushdb", C), ("redis-cli GET k", N)]),
    row!("fs.rm-recursive", P::Filesystem, "rm", &[], &[Opt(RECURSIVE)], A::Delete, DES, T::Paths, Tree, "deletes recursively", Some("name the exact paths, or move them aside (mv DIR DIR.old) until you are sure"), &[("rm -rf /", C), ("rm -rf ~", C), ("rm -fr ~/", C), ("rm -r -f $HOME", C), ("rm --recursive --force /etc", C), ("rm --rec -f ~", C), ("rm -rf src", D), ("rm -rf target node_modules", W), ("rm -rf /tmp/x", W), ("rm -rf .", C), ("rm -rf ./*", C), ("rm -rf ..", C), ("rm -rf ~/code", D), ("rm -rf /home/other", C), ("rm -rf /usr/local/lib", C)]),
    row!("fs.rm", P::Filesystem, "rm", &[], &[], A::Delete, WRI, T::Paths, File, "deletes", None, &[("rm a.txt", W), ("rm ~/.bashrc", D), ("rm /etc/hosts", D), ("rm /tmp/x", W)]),
    row!("fs.rmdir", P::Filesystem, "rmdir", &[], &[], A::Delete, WRI, T::Paths, Fixed, "deletes empty directories", None, &[("rmdir empty", W)]),
    row!("fs.rsync-delete", P::Filesystem, "rsync", &[], &[Opt(&["--delete", "--delete-before", "--delete-during", "--delete-after", "--delete-excluded", "--del"]), Not(DRY)], A::Delete, DES, T::LastPath, Tree, "deletes files the source does not have", Some("rsync --dry-run first"), &[("rsync -a --delete src/ ~/", C), ("rsync -a --delete src/ backup/", D), ("rsync -an --delete src/ backup/", D), ("rsync -a src/ dst/", W)]),
    row!("fs.rsync", P::Filesystem, "rsync", &[], &[], A::Write, WRI, T::LastPath, File, "copies over", None, &[]),
    row!("fs.sfdisk", P::Filesystem, "sfdisk", &[], &[Not(&["-l", "--list", "-d", "--dump"])], A::Device, CAT, T::None, Fixed, "rewrites a partition table", None, &[("sfdisk /dev/sda", C), ("sfdisk -l", N)]),
    row!("fs.shred", P::Filesystem, "shred", &[], &[], A::Delete, DES, T::Paths, File, "overwrites files beyond recovery", None, &[("shred -u secret.txt", D), ("shred /dev/sda", C)]),
    row!("system.shutdown", P::System, "shutdown", &[], &[], A::System, DES, T::None, Fixed, "stops the machine", None, &[("shutdown -h now", D)]),
    row!("system.systemctl", P::System, "systemctl", &[], &[Operand(&["stop", "disable", "mask", "kill", "poweroff", "reboot", "halt", "isolate"])], A::System, DES, T::None, Fixed, "stops or disables services", None, &[("systemctl stop nginx", D), ("systemctl status nginx", N)]),
    row!("fs.tee", P::Filesystem, "tee", &[], &[], A::Write, WRI, T::Paths, File, "writes files", None, &[("tee out.txt", W), ("tee /etc/hosts", D)]),
    row!("iac.terraform-destroy", P::Iac, "terraform", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys every resource the configuration manages", Some("terraform plan -destroy first"), &[("terraform destroy -auto-approve", C), ("terraform plan", N)]),
    row!("iac.terraform-apply-destroy", P::Iac, "terraform", &["apply"], &[Opt(&["-destroy"])], A::Remote, CAT, T::None, Fixed, "destroys every resource the configuration manages", Some("terraform plan -destroy first"), &[("terraform apply -destroy", C)]),
    row!("iac.terraform-apply-auto", P::Iac, "terraform", &["apply"], &[Opt(&["-auto-approve"])], A::Remote, DES, T::None, Fixed, "applies changes without showing the plan", Some("terraform plan first"), &[("terraform apply -auto-approve", D), ("terraform apply", N)]),
    row!("iac.terraform-state-rm", P::Iac, "terraform", &["state"], &[Operand(&["rm"])], A::Remote, DES, T::None, Fixed, "forgets resources from the state", None, &[("terraform state rm aws_instance.x", D)]),
    row!("iac.terraform-destroy", P::Iac, "tofu", &[], &[Operand(&["destroy"])], A::Remote, CAT, T::None, Fixed, "destroys every resource the configuration manages", Some("tofu plan -destroy first"), &[("tofu destroy", C)]),
    row!("fs.touch", P::Filesystem, "touch", &[], &[], A::Write, WRI, T::Paths, Fixed, "creates or touches files", None, &[("touch a.txt", W), ("touch ~/.bashrc_x", W)]),
    row!("fs.truncate", P::Filesystem, "truncate", &[], &[], A::Write, WRI, T::Paths, File, "truncates files", None, &[("truncate -s 0 log.txt", W), ("truncate -s 0 /var/log/syslog", D)]),
    row!("publish.twine-upload", P::Publish, "twine", &["upload"], &[], A::Publish, DES, T::None, Fixed, "publishes a package version to PyPI", None, &[("twine upload dist/*", D)]),
    row!("fs.wipefs", P::Filesystem, "wipefs", &[], &[Opt(&["-a", "--all"])], A::Device, CAT, T::None, Fixed, "erases file-system signatures", None, &[("wipefs -a /dev/sda", C)]),
];

/// The rows of `program` (the table is sorted by program).
pub fn by_program(program: &str) -> &'static [Row] {
    let start = ROWS.partition_point(|r| r.program < program);
    let end = start + ROWS[start..].partition_point(|r| r.program == program);
    &ROWS[start..end]
}

impl Row {
    /// The effect of this row on a command's arguments, if it applies.
    pub fn apply(&self, args: &Args<'_>, partial: bool, ctx: &Context<'_>) -> Option<Effect> {
        let after = path_end(self.path, args.operands())?;
        let rest = &args.operands()[after..];
        let holds = self.when.iter().all(|c| match *c {
            Opt(spellings) => args.has(spellings),
            Not(spellings) => !args.has_exactly(spellings),
            OperandStarts(prefix) => rest.iter().any(|o| o.starts_with(prefix)),
            Operand(words) => rest.iter().any(|o| words.contains(o)),
            Word(words) => args.words().iter().any(|w| words.contains(&w.as_str())),
            NoOperand => rest.is_empty(),
        });
        if !holds {
            return None;
        }
        let mut targets: Vec<&str> = match self.targets {
            T::None => Vec::new(),
            T::Paths => rest.to_vec(),
            T::LastPath => rest.last().copied().into_iter().collect(),
            T::Value(key) => args
                .words()
                .iter()
                .filter_map(|w| w.strip_prefix(key))
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
        };
        targets.retain(|t| !t.is_empty());
        let mut placed: Vec<(Option<&str>, Scope)> = targets
            .iter()
            .map(|t| (Some(*t), scope::place(t, ctx)))
            .collect();
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
        placed
            .into_iter()
            .map(|(target, scope)| (self.graded(scope), target, scope))
            .max_by_key(|(severity, _, scope)| (*severity, scope.is_outside()))
            .map(|(severity, target, scope)| self.effect(severity, scope, target))
    }

    fn graded(&self, scope: Scope) -> Severity {
        let outside = matches!(scope, Scope::Home | Scope::Outside);
        match self.grade {
            Fixed => self.severity,
            Tree | File if scope == Scope::Device => Severity::Catastrophic,
            Tree if scope.is_wide() => Severity::Catastrophic,
            // A tree known only when the command runs may be any of the above.
            Tree if scope == Scope::Unknown => self.severity.max(Severity::Destructive),
            File if scope.is_wide() || outside => self.severity.max(Severity::Destructive),
            Tree | File if scope.is_disposable() => Severity::Write,
            Tree | File => self.severity,
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

/// Where the row's path ends among `operands`: its words found in order
/// (not necessarily adjacent: `aws --region x s3 rm` has values between).
fn path_end(path: &[&str], operands: &[&str]) -> Option<usize> {
    let mut at = 0;
    for word in path {
        at += operands[at..].iter().position(|o| o == word)? + 1;
    }
    Some(at)
}
