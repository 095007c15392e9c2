//! `locks-lesson lab stale`: the lab's story on the command line, one JSON object out.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use serde_json::{Map, Value, json};

use super::{USAGE_ERROR, help};
use crate::lab::failover::{FailoverRun, FailoverSetup, FailoverStore, run_failover, story};
use crate::lab::{Control, LabError, LabParams, LabRun, PAUSE_MS, ServerKind, TTL_MS, run_stale};
use crate::sim::{ParamError, ParamSpec};

#[derive(Debug, Subcommand)]
pub enum LabCommand {
    /// Section 3's stale holder against a real Redis or etcd: A pauses past its TTL, B takes
    /// the lock and writes, A wakes and writes. Connects to --url, or starts its own server
    /// (redis-server or etcd from PATH) on a free loopback port and stops it afterwards.
    Stale(LabStaleArgs),
    /// Section 5's failovers on real servers started on free loopback ports: a Redis primary
    /// dies before its replica has the lock (redis-replica), one of five Redlock masters
    /// restarts empty (redlock), or an etcd cluster loses its leader (etcd-cluster).
    Failover(LabFailoverArgs),
}

#[derive(Debug, Args)]
pub struct LabFailoverArgs {
    /// The experiment: redis-replica, redlock or etcd-cluster.
    #[arg(long, allow_hyphen_values = true)]
    pub store: Option<String>,
    /// Redlock: the killed master stays down for longer than the TTL before it restarts.
    #[arg(long)]
    pub delayed_restart: bool,
    /// Print one JSON object instead of the story.
    #[arg(long)]
    pub json: bool,
}

impl LabFailoverArgs {
    pub fn params(&self) -> Result<FailoverSetup, String> {
        let store: FailoverStore = match &self.store {
            None => {
                return Err("--store is required: redis-replica, redlock or etcd-cluster".into());
            }
            Some(s) => s.parse()?,
        };
        if self.delayed_restart && store != FailoverStore::Redlock {
            return Err("--delayed-restart only applies to --store redlock".into());
        }
        Ok(FailoverSetup {
            store,
            delayed_restart: self.delayed_restart,
        })
    }
}

/// A failover run as ordered JSON fields: what was run, the outcome, the servers, then every
/// measured moment (`…_ms`, from the story's start) and the other measurements.
pub fn failover_report(run: &FailoverRun) -> Map<String, Value> {
    let mut m = Map::new();
    let mut put = |k: &str, v: Value| {
        m.insert(k.to_owned(), v);
    };
    put("lab", json!("failover"));
    put("store", json!(run.params.store.as_str()));
    put("delayed_restart", json!(run.params.delayed_restart));
    put("outcome", json!(run.outcome.as_str()));
    put("server_version", json!(run.server_version));
    let servers = &run.lanes[1..run.lanes.len() - 1];
    put("servers", json!(servers));
    for (k, v) in &run.moments {
        put(&format!("{k}_ms"), json!(v));
    }
    for (k, v) in &run.facts {
        put(k, v.clone());
    }
    put("total_ms", json!(run.total_ms));
    m
}

#[derive(Debug, Args)]
pub struct LabStaleArgs {
    /// The lock server: redis or etcd.
    #[arg(long, allow_hyphen_values = true)]
    pub server: Option<String>,
    /// A running server to use (redis://HOST:PORT, or etcd's http://HOST:PORT client URL).
    /// Without it the lab starts its own server on 127.0.0.1.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// Storage checks fencing tokens (a Lua script on Redis, a transaction on etcd).
    #[arg(long)]
    pub fencing: bool,
    #[arg(long, default_value_t = default_text(&TTL_MS), allow_hyphen_values = true, help = help(&TTL_MS))]
    pub ttl_ms: String,
    #[arg(long, default_value_t = default_text(&PAUSE_MS), allow_hyphen_values = true, help = help(&PAUSE_MS))]
    pub pause_ms: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn default_text(spec: &ParamSpec) -> String {
    format!("{}", spec.default)
}

fn whole(spec: &ParamSpec, raw: &str) -> Result<u64, ParamError> {
    let v: f64 = raw
        .trim()
        .parse()
        .map_err(|_| ParamError::new(spec, format!("'{raw}'")))?;
    Ok(spec.check(v)? as u64)
}

impl LabStaleArgs {
    pub fn params(&self) -> Result<LabParams, String> {
        let server = match &self.server {
            None => return Err("--server is required: redis or etcd".into()),
            Some(s) => s.parse::<ServerKind>()?,
        };
        Ok(LabParams {
            server,
            url: self.url.clone().filter(|u| !u.trim().is_empty()),
            fencing: self.fencing,
            ttl_ms: whole(&TTL_MS, &self.ttl_ms).map_err(|e| e.to_string())?,
            pause_ms: whole(&PAUSE_MS, &self.pause_ms).map_err(|e| e.to_string())?,
        })
    }
}

/// The run as ordered JSON fields: resolved parameters first, then what happened.
pub fn report(run: &LabRun) -> Map<String, Value> {
    let p = &run.params;
    let mut m = Map::new();
    let mut put = |k: &str, v: Value| {
        m.insert(k.to_owned(), v);
    };
    put("lab", json!("stale"));
    put("server", json!(p.server.as_str()));
    put("url", json!(run.url));
    put("started_server", json!(run.started_server));
    put("server_version", json!(run.server_version));
    put("fencing", json!(p.fencing));
    put("ttl_ms", json!(p.ttl_ms));
    put("pause_ms", json!(p.pause_ms));
    put("granted_ttl_ms", json!(run.granted_ttl_ms));
    put("outcome", json!(run.outcome.as_str()));
    put("a_token", json!(run.a_token));
    put("b_token", json!(run.b_token));
    put("a_last_renewal_ms", json!(run.a_last_renewal_ms));
    put("a_frozen_ms", json!(run.a_frozen_ms));
    put("a_woke_ms", json!(run.a_woke_ms));
    put("expiry_ms", json!(run.expiry_ms));
    put("b_granted_ms", json!(run.b_granted_ms));
    put("b_write_ms", json!(run.b_write_ms));
    put("b_applied", json!(run.b_applied));
    put("a_write_ms", json!(run.a_write_ms));
    put("a_applied", json!(run.a_applied));
    put("storage_value", json!(run.storage_value));
    put("survivor", json!(run.survivor));
    put("total_ms", json!(run.total_ms));
    m
}

/// Runs a `lab` command. Exit 0 with the result; 2 with one line for a bad flag or when no
/// server can be reached or started; 1 when the run failed half-way.
pub fn run_lab(command: &LabCommand) -> ExitCode {
    let args = match command {
        LabCommand::Stale(args) => args,
        LabCommand::Failover(args) => return run_failover_command(args),
    };
    let params = match args.params() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    // No progress lines: stderr carries at most the one line of an error.
    let ctl = Control::none();
    match run_stale(&params, &ctl) {
        Ok(run) => {
            let fields = report(&run);
            if args.json {
                println!("{}", Value::Object(fields));
            } else {
                for (k, v) in &fields {
                    match v {
                        Value::String(t) => println!("{k:>20}  {t}"),
                        other => println!("{k:>20}  {other}"),
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => failure(&e),
    }
}

/// Exit 2 with one line when no server could be started, 1 when the run failed.
fn failure(e: &LabError) -> ExitCode {
    eprintln!("error: {e}");
    match e {
        LabError::NoServer(_) => ExitCode::from(USAGE_ERROR),
        _ => ExitCode::FAILURE,
    }
}

fn run_failover_command(args: &LabFailoverArgs) -> ExitCode {
    let params = match args.params() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(USAGE_ERROR);
        }
    };
    match run_failover(&params, &Control::none()) {
        Ok(run) if args.json => {
            println!("{}", Value::Object(failover_report(&run)));
            ExitCode::SUCCESS
        }
        Ok(run) => {
            println!("{}", story(&run));
            ExitCode::SUCCESS
        }
        Err(e) => failure(&e),
    }
}
