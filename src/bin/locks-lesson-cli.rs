//! `locks-lesson-cli`: the same program as `locks-lesson`, built as a console program.
//!
//! On Windows the lesson's executable is a windowed program (no console window opens with the
//! lesson), so a terminal shows nothing it prints. This one keeps the terminal: `--help`,
//! `--version` and `sim` print there, and without a command it opens the lesson as usual. It is
//! built with `cargo build --release --features console` and shipped beside `locks-lesson.exe`.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    locks_lesson::cli::main(locks_lesson::launch::run_native)
}
