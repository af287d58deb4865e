//! A git-like clap tree of about 40 commands (shared by the cmdhelp tests): nested
//! subcommands and groups, global flags (a `Count`, an enum, a negation pair), enums,
//! repeatable flags, typed defaults, negations, a hidden command and a hidden flag.

use clap::{value_parser, Arg, ArgAction, Command};
use std::path::PathBuf;

fn switch(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .action(ArgAction::SetTrue)
        .help(help)
}

fn group(name: &'static str, about: &'static str) -> Command {
    Command::new(name).about(about).subcommand_required(true)
}

/// The tree.
pub fn gitlike() -> Command {
    Command::new("gitlike")
        .version("2.4.0")
        .about("A git-like version control CLI (cmdhelp test tree)")
        .subcommand_required(true)
        .arg(
            Arg::new("dir")
                .short('C')
                .global(true)
                .value_parser(value_parser!(PathBuf))
                .help("Run as if started in this directory"),
        )
        .arg(
            Arg::new("verbose")
                .short('v')
                .long("verbose")
                .global(true)
                .action(ArgAction::Count)
                .help("More output; repeat for more"),
        )
        .arg(
            Arg::new("color")
                .long("color")
                .global(true)
                .value_parser(["auto", "always", "never"])
                .default_value("auto")
                .help("When to color output"),
        )
        .arg(switch("pager", "Pipe output into a pager").global(true))
        .arg(
            Arg::new("no_pager")
                .long("no-pager")
                .global(true)
                .action(ArgAction::SetTrue)
                .overrides_with("pager")
                .hide(true),
        )
        .subcommand(
            Command::new("init")
                .about("Create an empty repository")
                .arg(Arg::new("directory").value_parser(value_parser!(PathBuf)).default_value("."))
                .arg(switch("bare", "Create a bare repository"))
                .arg(Arg::new("initial-branch").long("initial-branch").short('b').default_value("main")),
        )
        .subcommand(
            Command::new("clone")
                .about("Clone a repository into a new directory")
                .long_about("Clone a repository into a new directory.\n\nCreates remote-tracking branches for each branch of the cloned repository.")
                .arg(Arg::new("url").required(true).help("Repository to clone"))
                .arg(Arg::new("directory").value_parser(value_parser!(PathBuf)))
                .arg(Arg::new("depth").long("depth").value_parser(value_parser!(u32)).help("Shallow clone depth"))
                .arg(Arg::new("branch").long("branch").short('b'))
                .arg(switch("bare", "Make a bare clone")),
        )
        .subcommand(
            Command::new("add")
                .about("Add file contents to the index")
                .arg(Arg::new("paths").required(true).num_args(1..).value_parser(value_parser!(PathBuf)))
                .arg(switch("patch", "Choose hunks interactively").short('p'))
                .arg(switch("force", "Allow ignored files").short('f')),
        )
        .subcommand(
            Command::new("rm")
                .about("Remove files from the working tree and the index")
                .arg(Arg::new("paths").required(true).num_args(1..).value_parser(value_parser!(PathBuf)))
                .arg(switch("cached", "Only remove from the index"))
                .arg(Arg::new("recursive").short('r').action(ArgAction::SetTrue)),
        )
        .subcommand(
            Command::new("mv")
                .about("Move or rename a file")
                .arg(Arg::new("source").required(true).value_parser(value_parser!(PathBuf)))
                .arg(Arg::new("destination").required(true).value_parser(value_parser!(PathBuf))),
        )
        .subcommand(
            Command::new("commit")
                .about("Record changes to the repository")
                .arg(
                    Arg::new("message")
                        .short('m')
                        .long("message")
                        .action(ArgAction::Append)
                        .help("The message; several become paragraphs"),
                )
                .arg(switch("all", "Stage modified files first").short('a'))
                .arg(switch("amend", "Replace the tip of the branch"))
                .arg(switch("verify", "Run the pre-commit hooks").overrides_with("no_verify"))
                .arg(
                    Arg::new("no_verify")
                        .long("no-verify")
                        .action(ArgAction::SetTrue)
                        .hide(true),
                )
                .arg(
                    Arg::new("cleanup")
                        .long("cleanup")
                        .value_parser(["strip", "whitespace", "verbatim"])
                        .default_value("strip"),
                )
                .arg(Arg::new("debug_trace").long("debug-trace").action(ArgAction::SetTrue).hide(true)),
        )
        .subcommand(Command::new("status").about("Show the working tree status").arg(switch("short", "Short format").short('s')))
        .subcommand(
            Command::new("log")
                .about("Show commit logs")
                .arg(Arg::new("max-count").short('n').long("max-count").value_parser(value_parser!(usize)))
                .arg(switch("oneline", "One line per commit"))
                .arg(Arg::new("revision").default_value("HEAD")),
        )
        .subcommand(Command::new("show").about("Show an object").arg(Arg::new("object").default_value("HEAD")))
        .subcommand(
            Command::new("diff")
                .about("Show changes")
                .arg(switch("cached", "Compare the index with HEAD"))
                .arg(Arg::new("unified").short('U').long("unified").value_parser(value_parser!(usize)).default_value("3"))
                .arg(Arg::new("threshold").long("threshold").value_parser(value_parser!(f64)).default_value("0.5"))
                .arg(Arg::new("paths").num_args(1..).value_parser(value_parser!(PathBuf))),
        )
        .subcommand(
            Command::new("branch")
                .about("List branches")
                .arg(switch("all", "List remote-tracking branches too").short('a'))
                .subcommand(Command::new("create").about("Create a branch").arg(Arg::new("name").required(true)).arg(Arg::new("start").default_value("HEAD")))
                .subcommand(Command::new("delete").about("Delete a branch").arg(Arg::new("name").required(true)).arg(switch("force", "Delete unmerged").short('f')))
                .subcommand(Command::new("rename").about("Rename a branch").arg(Arg::new("old").required(true)).arg(Arg::new("new").required(true))),
        )
        .subcommand(Command::new("checkout").about("Switch branches or restore files").arg(Arg::new("target").required(true)))
        .subcommand(
            Command::new("switch")
                .about("Switch branches")
                .arg(Arg::new("branch").required(true))
                .arg(Arg::new("create").short('c').long("create").action(ArgAction::SetTrue)),
        )
        .subcommand(
            Command::new("merge")
                .about("Join two development histories")
                .arg(Arg::new("branch").required(true))
                .arg(switch("ff", "Fast-forward when possible"))
                .arg(switch("no-ff", "Always create a merge commit"))
                .arg(Arg::new("edit").long("no-edit").action(ArgAction::SetFalse).help("Accept the generated message"))
                .arg(Arg::new("strategy").short('s').long("strategy").value_parser(["ort", "recursive", "ours", "octopus"])),
        )
        .subcommand(Command::new("rebase").about("Reapply commits on top of another base").arg(Arg::new("upstream")).arg(switch("interactive", "Edit the list").short('i')))
        .subcommand(
            Command::new("tag")
                .about("Create a tag")
                .arg(Arg::new("name").required(true))
                .arg(switch("annotate", "Make an annotated tag").short('a'))
                .arg(Arg::new("message").short('m').long("message")),
        )
        .subcommand(
            Command::new("fetch")
                .about("Download objects and refs")
                .arg(Arg::new("remote"))
                .arg(switch("all", "Fetch all remotes"))
                .arg(switch("prune", "Remove deleted remote branches"))
                .arg(switch("no-prune", "Keep deleted remote branches"))
                .arg(Arg::new("jobs").short('j').long("jobs").value_parser(value_parser!(u16)).default_value("1")),
        )
        .subcommand(Command::new("pull").about("Fetch and integrate").arg(Arg::new("remote")).arg(switch("rebase", "Rebase instead of merge")))
        .subcommand(
            Command::new("push")
                .about("Update remote refs")
                .arg(Arg::new("remote"))
                .arg(Arg::new("refspec").num_args(1..))
                .arg(switch("force", "Overwrite remote history").short('f'))
                .arg(switch("tags", "Push all tags"))
                .arg(Arg::new("push-option").short('o').long("push-option").action(ArgAction::Append)),
        )
        .subcommand(
            group("remote", "Manage remotes")
                .subcommand(Command::new("add").about("Add a remote").arg(Arg::new("name").required(true)).arg(Arg::new("url").required(true)))
                .subcommand(Command::new("remove").about("Remove a remote").arg(Arg::new("name").required(true)))
                .subcommand(Command::new("list").about("List remotes")),
        )
        .subcommand(
            group("stash", "Stash changes away")
                .subcommand(Command::new("push").about("Save changes").arg(Arg::new("message").short('m').long("message")).arg(switch("keep-index", "Keep the index")).arg(switch("no-keep-index", "Reset the index")))
                .subcommand(Command::new("pop").about("Apply and drop a stash").arg(Arg::new("stash")))
                .subcommand(Command::new("list").about("List stashes"))
                .subcommand(Command::new("drop").about("Drop a stash").arg(Arg::new("stash"))),
        )
        .subcommand(
            group("config", "Get and set options")
                .arg(Arg::new("scope").long("scope").global(true).value_parser(["local", "global", "system"]).default_value("local"))
                .subcommand(Command::new("get").about("Print a value").arg(Arg::new("key").required(true)))
                .subcommand(Command::new("set").about("Set a value").arg(Arg::new("key").required(true)).arg(Arg::new("value").required(true)))
                .subcommand(Command::new("unset").about("Remove a value").arg(Arg::new("key").required(true))),
        )
        .subcommand(
            group("worktree", "Manage working trees")
                .subcommand(
                    Command::new("add")
                        .about("Create a working tree")
                        .arg(Arg::new("path").required(true).value_parser(value_parser!(PathBuf)))
                        .arg(Arg::new("commit-ish"))
                        .arg(Arg::new("lock").long("lock").action(ArgAction::SetTrue)),
                )
                .subcommand(Command::new("list").about("List working trees"))
                .subcommand(Command::new("remove").about("Remove a working tree").arg(Arg::new("path").required(true).value_parser(value_parser!(PathBuf)))),
        )
        .subcommand(
            group("bisect", "Find the commit that introduced a bug")
                .subcommand(Command::new("start").about("Start bisecting").arg(Arg::new("bad")).arg(Arg::new("good").num_args(1..)))
                .subcommand(Command::new("good").about("Mark a commit good").arg(Arg::new("rev")))
                .subcommand(Command::new("bad").about("Mark a commit bad").arg(Arg::new("rev")))
                .subcommand(Command::new("reset").about("End bisecting")),
        )
        .subcommand(Command::new("gc").about("Clean up").arg(Arg::new("aggressive").long("aggressive").action(ArgAction::SetTrue)).arg(Arg::new("prune").long("prune").default_value("2.weeks.ago")))
        .subcommand(Command::new("debug-internals").about("Internal").hide(true))
}
