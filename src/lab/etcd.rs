//! The lock and the storage on etcd, through its v3 JSON gateway (`/v3/...`, keys and values
//! in base64, 64-bit numbers as strings) over a small blocking HTTP client.
//!
//! Why not the `etcd-client` crate: it is gRPC over tonic and tokio, an async runtime and an
//! HTTP/2 stack for four kinds of request, several megabytes more in the executable. The
//! gateway is part of every etcd since 3.4 and needs only HTTP/1.1 POSTs of JSON.
//!
//! The lock: a lease kept alive while its holder runs, and a key created in a transaction
//! only if it does not exist (`create_revision == 0`), attached to the lease. The key's
//! create revision is the fencing token: etcd's revision only ever goes up. The fenced write
//! is a transaction that compares the writer's token with the highest token stored beside
//! the data and refuses a lower one.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;
use serde_json::{Value, json};

use super::client::{Keys, LockClient};
use super::{CALL_TIMEOUT, LabError, ServerKind, no_answer_within};

/// `host:port` becomes `http://host:port`; no trailing slash.
pub fn normalise_url(url: &str) -> Result<String, LabError> {
    let url = url.trim().trim_end_matches('/');
    if url.starts_with("https://") {
        return Err(LabError::NoServer(tf!(
            "lab.error.etcd.tls",
            &[("url", url)],
        )));
    }
    if url.contains("://") && !url.starts_with("http://") {
        return Err(LabError::NoServer(tf!(
            "lab.error.etcd.scheme",
            &[("url", url), ("example", ServerKind::Etcd.example_url())],
        )));
    }
    Ok(if url.contains("://") {
        url.to_owned()
    } else {
        format!("http://{url}")
    })
}

pub(super) fn agent() -> ureq::Agent {
    ureq::Agent::new_with_config(
        ureq::Agent::config_builder()
            .timeout_global(Some(CALL_TIMEOUT))
            .http_status_as_error(false)
            // Only ever the server we were given: never a proxy from the environment.
            .proxy(None)
            .build(),
    )
}

pub(super) fn why(e: &ureq::Error) -> String {
    match e {
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            t!("lab.error.why.refused").into()
        }
        ureq::Error::Timeout(_) => no_answer_within(),
        other => other.to_string(),
    }
}

pub(super) fn b64(s: &str) -> String {
    B64.encode(s)
}

/// A 64-bit number the gateway may send as a string or a number (absent means 0).
pub(super) fn int(v: &Value) -> i64 {
    v.as_i64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        .unwrap_or(0)
}

/// A token as fixed-width text, so that etcd's byte-wise value comparison orders it by number.
fn padded(token: u64) -> String {
    format!("{token:020}")
}

/// True when the server at `base` says it is healthy (it has a leader and serves requests).
pub fn healthy(base: &str) -> bool {
    agent()
        .get(format!("{base}/health"))
        .call()
        .ok()
        .and_then(|mut r| r.body_mut().read_to_string().ok())
        .is_some_and(|t| t.contains("\"true\""))
}

/// Checks that etcd's gateway answers at `base`; returns the server's version.
pub fn probe(base: &str) -> Result<String, LabError> {
    let not_etcd = |why: String| {
        LabError::NoServer(tf!(
            "lab.error.etcd.not_etcd",
            &[("url", base), ("why", &why)],
        ))
    };
    let mut resp = agent().get(format!("{base}/version")).call().map_err(|e| {
        let unreachable = match &e {
            ureq::Error::Timeout(_) | ureq::Error::HostNotFound => true,
            ureq::Error::Io(io) => io.kind() == std::io::ErrorKind::ConnectionRefused,
            _ => false,
        };
        if unreachable {
            LabError::NoServer(tf!(
                "lab.error.etcd.unreachable",
                &[("url", base.to_owned()), ("why", why(&e))],
            ))
        } else {
            // Something answered, but not in HTTP, or hung up (Redis does on HTTP).
            not_etcd(why(&e))
        }
    })?;
    let body = resp
        .body_mut()
        .read_to_string()
        .map_err(|e| not_etcd(why(&e)))?;
    let v: Value = serde_json::from_str(&body)
        .map_err(|_| not_etcd(t!("lab.error.why.no_json_version").into()))?;
    let version = v["etcdserver"]
        .as_str()
        .ok_or_else(|| not_etcd(t!("lab.error.why.no_etcdserver_version").into()))?
        .to_owned();
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    if (major, minor) < (3, 4) {
        return Err(LabError::NoServer(tf!(
            "lab.error.etcd.too_old",
            &[
                ("version", version.as_str()),
                ("url", base),
                ("needed", "3.4"),
            ],
        )));
    }
    Ok(version)
}

/// One client (A or B) with its own lease.
pub struct EtcdClient {
    agent: ureq::Agent,
    base: String,
    keys: Keys,
    ttl_s: u64,
    granted_ttl_s: u64,
    lease: Option<i64>,
    /// The create revision of the lock key this client made.
    held: Option<u64>,
}

impl EtcdClient {
    pub fn connect(base: &str, keys: Keys, ttl_ms: u64) -> Self {
        let ttl_s = ttl_ms.div_ceil(1000).max(1);
        Self {
            agent: agent(),
            base: base.to_owned(),
            keys,
            ttl_s,
            granted_ttl_s: ttl_s,
            lease: None,
            held: None,
        }
    }

    fn post(&self, what: &str, path: &str, body: &Value) -> Result<Value, LabError> {
        let failed = |why: String| {
            LabError::Failed(tf!(
                "lab.error.etcd.step_failed",
                &[("url", self.base.as_str()), ("what", what), ("why", &why)],
            ))
        };
        let mut resp = self
            .agent
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .send(body.to_string())
            .map_err(|e| failed(tf!("lab.error.why.server_stopped", &[("why", why(&e))])))?;
        let status = resp.status().as_u16();
        let text = resp
            .body_mut()
            .read_to_string()
            .map_err(|e| failed(why(&e)))?;
        // keep-alive answers as a stream: one JSON object per line.
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let v: Value = serde_json::from_str(first).map_err(|_| {
            failed(tf!(
                "lab.error.why.http_not_json",
                &[
                    ("status", status.to_string()),
                    ("text", format!("{:.80}", text.trim())),
                ],
            ))
        })?;
        if status != 200 || v.get("error").is_some() {
            let msg = v["message"].as_str().or(v["error"].as_str()).unwrap_or("");
            return Err(failed(tf!(
                "lab.error.why.http",
                &[("status", status.to_string()), ("message", msg.to_owned())],
            )));
        }
        Ok(v)
    }

    fn lease(&mut self) -> Result<i64, LabError> {
        if let Some(id) = self.lease {
            return Ok(id);
        }
        let v = self.post(
            t!("lab.error.step.granting_lease"),
            "/v3/lease/grant",
            &json!({ "TTL": self.ttl_s }),
        )?;
        let id = int(&v["ID"]);
        if id == 0 {
            return Err(LabError::Failed(tf!(
                "lab.error.etcd.no_lease",
                &[("url", &self.base)],
            )));
        }
        self.granted_ttl_s = int(&v["TTL"]).max(1) as u64;
        self.lease = Some(id);
        Ok(id)
    }

    fn txn(
        &self,
        what: &str,
        compare: Value,
        success: Value,
        failure: Value,
    ) -> Result<Value, LabError> {
        let body = json!({ "compare": compare, "success": success, "failure": failure });
        self.post(what, "/v3/kv/txn", &body)
    }
}

impl LockClient for EtcdClient {
    fn granted_ttl_ms(&self) -> u64 {
        self.granted_ttl_s * 1000
    }

    fn try_acquire(&mut self) -> Result<Option<u64>, LabError> {
        let lease = self.lease()?;
        let key = b64(&self.keys.lock);
        let v = self.txn(
            t!("lab.error.step.taking_lock"),
            json!([{ "target": "CREATE", "key": key, "create_revision": "0", "result": "EQUAL" }]),
            json!([
                { "request_put": { "key": key, "value": b64("held"), "lease": lease.to_string() } },
                { "request_range": { "key": key } }
            ]),
            json!([]),
        )?;
        if v["succeeded"].as_bool() != Some(true) {
            return Ok(None);
        }
        let rev = int(&v["responses"][1]["response_range"]["kvs"][0]["create_revision"]);
        if rev <= 0 {
            return Err(LabError::Failed(tf!(
                "lab.error.etcd.no_create_revision",
                &[("url", &self.base)],
            )));
        }
        self.held = Some(rev as u64);
        Ok(Some(rev as u64))
    }

    fn keep_alive(&mut self, _holding: bool) -> Result<bool, LabError> {
        let Some(id) = self.lease else {
            return Ok(true);
        };
        let v = self.post(
            t!("lab.error.step.keep_alive"),
            "/v3/lease/keepalive",
            &json!({ "ID": id.to_string() }),
        )?;
        Ok(int(&v["result"]["TTL"]) > 0)
    }

    fn release(&mut self) -> Result<bool, LabError> {
        let Some(rev) = self.held.take() else {
            return Ok(false);
        };
        let key = b64(&self.keys.lock);
        let v = self.txn(
            t!("lab.error.step.releasing_lock"),
            json!([{ "target": "CREATE", "key": key, "create_revision": rev.to_string(), "result": "EQUAL" }]),
            json!([{ "request_delete_range": { "key": key } }]),
            json!([]),
        )?;
        if let Some(id) = self.lease.take() {
            let _ = self.post(
                t!("lab.error.step.revoking_lease"),
                "/v3/lease/revoke",
                &json!({ "ID": id.to_string() }),
            );
        }
        Ok(v["succeeded"].as_bool() == Some(true))
    }

    fn write(&mut self, token: u64, value: &str, fencing: bool) -> Result<bool, LabError> {
        let data =
            json!({ "request_put": { "key": b64(&self.keys.storage), "value": b64(value) } });
        if !fencing {
            let what = t!("lab.error.step.write");
            self.txn(what, json!([]), json!([data]), json!([]))?;
            return Ok(true);
        }
        let fence = b64(&self.keys.fence);
        let mine = b64(&padded(token));
        // Refuse when the highest token applied so far is greater than the writer's; a
        // missing fence key fails the comparison, so the first write is applied.
        let v = self.txn(
            t!("lab.error.step.fenced_write"),
            json!([{ "target": "VALUE", "key": fence, "value": mine, "result": "GREATER" }]),
            json!([]),
            json!([data, { "request_put": { "key": fence, "value": mine } }]),
        )?;
        Ok(v["succeeded"].as_bool() != Some(true))
    }

    fn read(&mut self) -> Result<Option<String>, LabError> {
        let v = self.post(
            t!("lab.error.step.reading_back"),
            "/v3/kv/range",
            &json!({ "key": b64(&self.keys.storage) }),
        )?;
        let Some(raw) = v["kvs"][0]["value"].as_str() else {
            return Ok(None);
        };
        let bytes = B64.decode(raw).map_err(|e| {
            LabError::Failed(tf!(
                "lab.error.etcd.not_base64",
                &[("url", self.base.clone()), ("why", e.to_string())],
            ))
        })?;
        Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
    }

    fn cleanup(&mut self) {
        let prefix = self.keys.prefix.as_bytes();
        let mut end = prefix.to_vec();
        if let Some(last) = end.last_mut() {
            *last += 1;
        }
        let body = json!({ "key": B64.encode(prefix), "range_end": B64.encode(&end) });
        let _ = self.post(
            t!("lab.error.step.cleaning_up"),
            "/v3/kv/deleterange",
            &body,
        );
        if let Some(id) = self.lease.take() {
            let _ = self.post(
                t!("lab.error.step.revoking_lease"),
                "/v3/lease/revoke",
                &json!({ "ID": id.to_string() }),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_tokens_order_as_numbers() {
        assert!(padded(9) < padded(10));
        assert!(padded(99) < padded(1000));
        assert_eq!(padded(7).len(), 20);
    }

    #[test]
    fn urls_are_normalised_and_tls_is_refused_clearly() {
        let pairs = [
            ("127.0.0.1:2379/", "http://127.0.0.1:2379"),
            (" http://h:1 ", "http://h:1"),
        ];
        let (tls, other) = ("https://h:1", "redis://h:1");
        crate::lab::check_normalise(normalise_url, &pairs, tls, other, "http://");
    }

    #[test]
    fn numbers_come_as_strings_or_numbers() {
        assert_eq!(int(&json!("42")), 42);
        assert_eq!(int(&json!(42)), 42);
        assert_eq!(int(&Value::Null), 0);
    }
}
