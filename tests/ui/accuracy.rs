//! Claims an expert reviewer corrected, kept from coming back: each test reads the words the
//! learner sees (the assets, or the app's own labels) and fails if the old, wrong or
//! misleading claim returns or the correction goes missing.

use crate::harness::app;
use egui_kittest::kittest::Queryable;
use locks_lesson::lesson::{self, Content, Question, Term};
use locks_lesson::sections::number;
use locks_lesson::ui::Section;

fn content() -> &'static Content {
    lesson::content()
}

fn card(id: &str) -> &'static Term {
    content().term(id).unwrap_or_else(|| panic!("no card {id}"))
}

fn question(id: &str) -> &'static Question {
    content()
        .quizzes
        .all()
        .into_iter()
        .flat_map(|q| q.iter())
        .find(|q| q.id == id)
        .unwrap_or_else(|| panic!("no question {id}"))
}

/// A section's paragraphs and how-note, markup removed, as one text.
fn section_text(id: &str) -> String {
    let s = content().section(locks_lesson::sections::number(id));
    let all: Vec<&str> = s
        .intro
        .iter()
        .chain(&s.after)
        .map(String::as_str)
        .chain([s.how.as_str()])
        .collect();
    lesson::plain(&all.join(" "))
}

/// Every text a reader can see, markup removed.
fn every_text() -> Vec<String> {
    content().texts().iter().map(|t| lesson::plain(t)).collect()
}

// ---- Factual errors ---------------------------------------------------------------------

#[test]
fn fencing_is_not_said_to_keep_two_workers_from_acting_at_once() {
    let safety = lesson::plain(&card("safety").text);
    // What fencing really promises: no older token's write after a newer one was seen.
    assert!(
        safety.contains(
            "once it has seen a newer token, it applies no write that carries an older one"
        ),
        "{safety}"
    );
    assert!(
        !safety.ends_with("storage that checks a fencing token can."),
        "{safety}"
    );
    assert!(safety.contains("cannot stop that either"), "{safety}");
}

#[test]
fn redlock_survives_a_minority_crashing_only_under_its_conditions() {
    let why = lesson::plain(&question("redlock-safe").why);
    assert!(
        why.contains("survives a minority of masters crashing only if"),
        "{why}"
    );
    assert!(
        why.contains("fsync=always") && why.contains("longer than the TTL"),
        "{why}"
    );
}

#[test]
fn the_lab_says_a_and_b_are_threads_of_the_app() {
    let page = locks_lesson::ui::sections::lab::LabPage::new();
    let text = lesson::plain(&page.text().intro.join(" "));
    assert!(!text.contains("paused for real"), "{text}");
    assert!(text.contains("two threads of this app"), "{text}");
    assert!(
        text.contains("stops renewing and sleeps past the TTL"),
        "{text}"
    );
}

#[test]
fn jepsen_observed_etcd_and_certified_nothing() {
    for text in every_text() {
        let lower = text.to_lowercase();
        if !lower.contains("jepsen") {
            continue;
        }
        // Jepsen tests; it does not certify a system as strict serializable.
        assert!(
            !lower.contains("operations strict serializable")
                && !lower.contains("operations were strict serializable")
                && !lower.contains("found the key-value operations sound"),
            "{text}"
        );
        // Where it speaks of etcd's locks, it says why: a pause or a delay.
        if lower.contains("mutual exclusion") {
            assert!(lower.contains("paused or delayed"), "{text}");
        }
    }
    let systems = content().systems.iter().find(|s| s.id == "etcd").unwrap();
    let points = systems.points.join(" ");
    assert!(points.contains("since fixed"), "{points}");
    assert!(section_text("who").contains("since fixed"));
    assert!(card("jepsen").text.contains("never proves"));
}

// ---- Misleading or loose ----------------------------------------------------------------

#[test]
fn a_stale_write_fails_only_when_it_arrives_after_a_newer_one() {
    let four = section_text("fencing");
    assert!(
        four.contains("A stale holder's write that arrives after a newer holder's now fails"),
        "{four}"
    );
    assert!(
        four.contains("one that arrives first is still accepted"),
        "{four}"
    );
    assert!(!four.contains("A stale holder's write now fails"), "{four}");
    // Read-modify-write: the newer holder's read carries its token too (the lesson's advice;
    // Chubby's card says only what its paper does: CheckSequencer, with the products).
    assert!(four.contains("its read must carry its token too"), "{four}");
    let chubby = content().systems.iter().find(|s| s.id == "chubby").unwrap();
    assert!(chubby.points.join(" ").contains("CheckSequencer"));
    let fencing = lesson::plain(&card("fencing-token").text);
    assert!(
        fencing.contains("that arrives after a newer holder's"),
        "{fencing}"
    );
}

#[test]
fn a_replica_is_promoted_by_someone_and_a_cut_off_primary_still_grants() {
    let five = section_text("where");
    assert!(!five.contains("the replica takes over"), "{five}");
    assert!(
        five.contains("Sentinel") && five.contains("operator"),
        "{five}"
    );
    assert!(
        five.contains("cut off by the network rather than crashed"),
        "{five}"
    );
    for id in ["asynchronous-replication", "replication-lag"] {
        let text = lesson::plain(&card(id).text);
        assert!(text.contains("is promoted"), "{id}: {text}");
    }
}

#[test]
fn a_lock_across_machines_may_live_in_the_database() {
    let one = section_text("why-lock");
    assert!(
        !one.contains("it has to live in a separate service"),
        "{one}"
    );
    assert!(
        one.contains("the shared database itself") && one.contains("conditional write"),
        "{one}"
    );
    assert!(card("lock").text.contains("shared database itself"));
}

#[test]
fn section_two_says_pauses_vary_and_its_curves_sit_on_two_axes() {
    let h = app("ttl");
    // The pause is exponential: its mean, not its length.
    assert!(h.query_by_label_contains("on average)").is_some());
    assert!(h.query_by_label_contains("are paused for about").is_none());
    // The crash-wait line is orange, and its crossing with the fraction means nothing.
    assert!(h.query_by_label_contains("the orange dashes").is_some());
    assert!(h.query_by_label_contains("the red dashes").is_none());
    assert!(
        h.query_by_label_contains("Where the two cross means nothing")
            .is_some()
    );
}

#[test]
fn the_redis_page_is_cited_at_its_current_address() {
    let redis = content()
        .reading
        .iter()
        .find(|r| r.title == "Distributed Locks with Redis")
        .expect("the Redis page is in the reading list");
    assert!(
        !redis.source.contains("topics/distlock"),
        "{}",
        redis.source
    );
    assert!(
        redis
            .source
            .starts_with("redis.io/docs/latest/develop/clients/patterns/distributed-locks"),
        "{}",
        redis.source
    );
}

#[test]
fn two_workers_act_as_holder_they_do_not_both_hold_the_lock() {
    for text in every_text() {
        assert!(!text.contains("both held the lock"), "{text}");
    }
    let harmless = &content().stale_story.outcome.overlap_harmless;
    assert!(harmless.contains("both acted as holder"), "{harmless}");
    // The lab's own headline is checked beside its recorded run, in tests/lab.rs.
}

#[test]
fn section_three_calls_the_lease_by_one_name() {
    let st = &content().stale_story;
    for label in [&st.lease_label, &st.lease_ends_label, &st.expired] {
        assert!(label.contains("lease of token {token}"), "{label}");
    }
}

#[test]
fn section_nine_says_which_late_writes_land_over_newer_data() {
    let w = &content().break_story;
    // The histogram caption no longer says every bar past the TTL lost its lock.
    assert!(
        !w.lengths_caption
            .contains("the bars right of the TTL line outlived their lock"),
        "{}",
        w.lengths_caption
    );
    assert!(
        w.lengths_caption
            .contains("with renewal, only those whose pause outlasted"),
        "{}",
        w.lengths_caption
    );
    // Renewal: the pause outlasts what is left of the lease, not the whole TTL.
    assert!(
        w.renewal
            .contains("a pause longer than what was left of its lease")
    );
    assert!(!w.renewal.contains("longer than the {ttl}"));
    // The headline says in words how many ran twice and how many stale writes landed.
    assert!(
        w.none.contains("ran twice")
            && w.none
                .contains("; {over_newer} of their stale writes landed over newer data")
    );
    assert!(
        w.renewal
            .contains("; {over_newer} of their stale writes landed over newer data")
    );
    assert_eq!(w.over_newer, "stale writes over newer data");
    // The how-note: a stale write lands over newer data only after the repeat's; real
    // pauses have heavier tails.
    let how = &content().section(number("break")).how;
    assert!(
        how.contains("only if it arrived after the repeat's"),
        "{how}"
    );
    assert!(
        how.contains("heavier tails than an exponential") && how.contains("optimistic"),
        "{how}"
    );
    assert!(!how.contains("the pause alone"), "{how}");
    let nine = section_text("break");
    assert!(
        !nine.contains("then lands as a stale write over newer data"),
        "{nine}"
    );
}

// ---- Quizzes ----------------------------------------------------------------------------

#[test]
fn quiz_answers_state_their_conditions_and_fixes() {
    let orders = question("orders-import");
    assert!(
        orders
            .why
            .contains("as long as a day's orders no longer change once imported"),
        "{}",
        orders.why
    );
    let cache = question("cache-rebuild");
    // The premise the answer rests on is in the prompt, and the answer reads plainly.
    assert!(
        cache
            .prompt
            .contains("the database cannot run for every server at once")
    );
    assert!(!cache.why.contains("No coordination is wrong here because"));
    let stock = question("last-in-stock");
    assert!(
        stock.why.contains("WHERE tickets_left = :read") && stock.why.contains("UPDATE"),
        "{}",
        stock.why
    );
}

#[test]
fn section_three_asks_its_prediction_only_where_its_story_is_true() {
    let prompt = locks_lesson::predict::prompt_for(number("stale")).expect("section 3 asks");
    // It says whether the storage checks tokens.
    assert!(
        prompt.prompt.contains("the storage {storage}"),
        "{}",
        prompt.prompt
    );
    let mut h = crate::harness::app_with(locks_lesson::app::AppOptions {
        section: Some(number("stale")),
        ask_predictions: true,
        ..Default::default()
    });
    // At the lesson's settings A's pause outlasts the TTL: the prompt tells the truth.
    assert!(
        h.query_by_label_contains("B takes the lock when it expires and writes")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("the storage does not check fencing tokens")
            .is_some()
    );
    h.run_steps(1);
}
