//! The command line: the executable run as a user runs it (`sim`, flags, exit codes), the
//! scenario and playlist kit, and property tests of every parser. One module per area.

mod app;
mod fuzz;
mod kit;
mod playlist;
mod review;
mod sim;

/// Runs the executable with `args`: its exit status, standard output and standard error.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_locks-lesson"))
        .args(args)
        .output()
        .expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
