//! The command line: the executable run as a user runs it (`sim`, flags, exit codes), the
//! scenario and playlist kit, and property tests of every parser. One module per area.

mod app;
mod fuzz;
mod kit;
mod playlist;
mod sim;
