//! The shape the three failover experiments share: start the servers, let A take the lock,
//! cause the fault, let B ask, then draw what happened. [`play`] plays the phases of a
//! [`Script`] in that order on one [`Recording`], which keeps the story's clock and writes down
//! what each phase measured: its moments and facts, and the diagram's bars and marks.

use serde_json::Value;

use super::{
    Bar, Client, Event, FailoverOutcome, FailoverRun, FailoverSetup, LaneState, Mark, Stopwatch,
    check,
};
use crate::lab::{Control, LabError};

/// A lane of the diagram: client A (the top one), a server (counted from 0) or client B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    A,
    Server(usize),
    B,
}

/// The phases of one experiment, in the order [`play`] plays them.
pub trait Script: Sized {
    /// Starts the servers and waits until they answer.
    fn start(p: &FailoverSetup, ctl: &Control<'_>) -> Result<Started<Self>, LabError>;

    /// Everything up to A holding the lock (the story's clock has just started).
    fn a_takes(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError>;

    /// The fault: a server dies (and what follows at once: a promotion, an election).
    fn fault(&mut self, rec: &mut Recording<'_>) -> Result<(), LabError>;

    /// B asks for the same lock: whether it was granted while A's was still valid.
    fn b_asks(&mut self, rec: &mut Recording<'_>) -> Result<FailoverOutcome, LabError>;

    /// Stops the servers (by dropping them) and draws the stretches of time on the lanes.
    fn draw(self, rec: &mut Recording<'_>);
}

/// An experiment whose servers answer.
pub struct Started<S> {
    pub script: S,
    /// The version the servers report.
    pub version: String,
    /// One lane name for each server.
    pub lanes: Vec<String>,
}

impl<S> Started<S> {
    pub fn new(script: S, version: String, lanes: Vec<String>) -> Self {
        Self {
            script,
            version,
            lanes,
        }
    }
}

/// Plays the phases of experiment `S` in order, checking for a cancel between them.
pub fn play<S: Script>(p: &FailoverSetup, ctl: &Control<'_>) -> Result<FailoverRun, LabError> {
    let Started {
        mut script,
        version: server_version,
        lanes: servers,
    } = S::start(p, ctl)?;
    check(ctl)?;
    let mut rec = Recording::new(ctl, servers.len());
    script.a_takes(&mut rec)?;
    check(ctl)?;
    script.fault(&mut rec)?;
    let outcome = script.b_asks(&mut rec)?;
    script.draw(&mut rec);
    Ok(FailoverRun {
        params: *p,
        outcome,
        server_version,
        lanes: lanes(servers),
        moments: rec.moments,
        facts: rec.facts,
        bars: rec.bars,
        marks: rec.marks,
        total_ms: 0.0,
    })
}

/// The lanes' names: A, the servers', B.
pub fn lanes(servers: impl IntoIterator<Item = String>) -> Vec<String> {
    std::iter::once("A".to_owned())
        .chain(servers)
        .chain(std::iter::once("B".to_owned()))
        .collect()
}

/// One run as it is measured: its clock, and what it has written down so far.
pub struct Recording<'c> {
    pub ctl: &'c Control<'c>,
    clock: Stopwatch,
    servers: usize,
    moments: Vec<(&'static str, f64)>,
    facts: Vec<(&'static str, Value)>,
    bars: Vec<Bar>,
    marks: Vec<Mark>,
}

impl<'c> Recording<'c> {
    /// Starts the story's clock, for a run on `servers` servers.
    fn new(ctl: &'c Control<'c>, servers: usize) -> Self {
        Self {
            ctl,
            clock: Stopwatch::start(),
            servers,
            moments: Vec::new(),
            facts: Vec::new(),
            bars: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Milliseconds since the story's start.
    pub fn now(&self) -> f64 {
        self.clock.now()
    }

    pub fn clock(&self) -> &Stopwatch {
        &self.clock
    }

    /// Says what happens now on the page's status line.
    pub fn say(&self, status: impl Into<String>) {
        (self.ctl.status)(status.into());
    }

    /// Fails with `Cancelled` when the run was cancelled.
    pub fn check(&self) -> Result<(), LabError> {
        check(self.ctl)
    }

    /// Writes down the moment `key` at `at_ms`, and returns it.
    pub fn moment(&mut self, key: &'static str, at_ms: f64) -> f64 {
        self.moments.push((key, at_ms));
        at_ms
    }

    /// Writes down the moment `key` as now, and returns it.
    pub fn moment_now(&mut self, key: &'static str) -> f64 {
        let now = self.now();
        self.moment(key, now)
    }

    /// Writes down a fact.
    pub fn fact(&mut self, key: &'static str, value: impl Into<Value>) {
        self.facts.push((key, value.into()));
    }

    fn index(&self, lane: Lane) -> usize {
        match lane {
            Lane::A => 0,
            Lane::Server(i) => i + 1,
            Lane::B => self.servers + 1,
        }
    }

    /// Marks `event` on `lane` at `at_ms`.
    pub fn mark(&mut self, lane: Lane, at_ms: f64, event: Event) {
        let lane = self.index(lane);
        self.marks.push(Mark { lane, at_ms, event });
    }

    /// Marks `who`'s lock granted (or refused) on `lane` at `at_ms`.
    pub fn answer(&mut self, lane: Lane, at_ms: f64, who: Client, granted: bool) {
        let event = if granted {
            Event::Granted(who)
        } else {
            Event::Refused(who)
        };
        self.mark(lane, at_ms, event);
    }

    /// Draws `state` on `lane` from `from_ms` to `to_ms`, where it ended.
    pub fn bar(&mut self, lane: Lane, from_ms: f64, to_ms: f64, state: LaneState) {
        self.push_bar(lane, from_ms, to_ms, state, false);
    }

    /// Draws `state` on `lane` from `from_ms` to the diagram's close at `to_ms`, where it had
    /// not ended (a lock still held, a server still down).
    pub fn bar_on(&mut self, lane: Lane, from_ms: f64, to_ms: f64, state: LaneState) {
        self.push_bar(lane, from_ms, to_ms, state, true);
    }

    fn push_bar(&mut self, lane: Lane, from_ms: f64, to_ms: f64, state: LaneState, runs_on: bool) {
        let lane = self.index(lane);
        self.bars.push(Bar {
            lane,
            from_ms,
            to_ms,
            state,
            runs_on,
        });
    }
}
