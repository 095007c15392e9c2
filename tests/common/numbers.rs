//! The lesson's one rule for a number a learner reads, as a check over text: thousands grouped
//! (`155,673`, not `155673`), no exponent (`1.3e-8`), no trailing zero after a decimal point
//! (`17.0`, `9.90`, `100.0 %`), and no more than three significant digits after a decimal
//! point (`0.002813`). Included by the data and the UI tests (`#[path]`).

/// The numbers in `text` that break the rule, each with why.
pub fn raw_numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
        if !starts {
            i += 1;
            continue;
        }
        let begin = i;
        while i < chars.len() {
            let c = chars[i];
            let next_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
            let exponent = (c == 'e' || c == 'E')
                && (next_digit
                    || (matches!(chars.get(i + 1), Some('-' | '+'))
                        && chars.get(i + 2).is_some_and(char::is_ascii_digit)));
            if c.is_ascii_digit() || ((c == '.' || c == ',') && next_digit) {
                i += 1;
            } else if exponent {
                i += if next_digit { 1 } else { 2 };
            } else {
                break;
            }
        }
        // A word that goes on after the digits ("3rd", "v2") is not a number.
        if chars
            .get(i)
            .is_some_and(|c| c.is_alphabetic() && *c != 'k' && *c != 'M')
        {
            continue;
        }
        let token: String = chars[begin..i].iter().collect();
        if let Some(why) = broken(&token) {
            let from = begin.saturating_sub(20);
            let to = (i + 20).min(chars.len());
            let around: String = chars[from..to].iter().collect();
            out.push(format!("{why}: {token:?} in …{around}…"));
        }
    }
    out
}

fn broken(token: &str) -> Option<&'static str> {
    if token.contains(['e', 'E']) {
        return Some("exponent");
    }
    let (whole, fraction) = token.split_once('.').unwrap_or((token, ""));
    if !whole.contains(',') && whole.len() >= 5 {
        return Some("thousands not grouped");
    }
    if fraction.ends_with('0') {
        return Some("trailing zero");
    }
    if !fraction.is_empty() {
        let digits: String = format!("{whole}{fraction}").replace(',', "");
        let significant = digits.trim_start_matches('0').len();
        if significant > 3 && whole.trim_start_matches('0').len() < significant {
            return Some("more than three significant digits");
        }
    }
    None
}

#[test]
fn the_rule_finds_each_kind() {
    assert!(raw_numbers("about 155673 a day").len() == 1);
    assert!(raw_numbers("once every 5.9e24 years").len() == 1);
    assert!(raw_numbers("4.00e-14 % with fencing").len() == 1);
    assert!(raw_numbers("17.0 and 100.0 % and 9.90 locks").len() == 3);
    assert!(raw_numbers("a chance of 0.0028123").len() == 1);
    for fine in [
        "1,234,567 holds at 2.5 % in 0.42 ms, 10 s, 3 of 5, 12k, 4.5M, 0.028.",
        "section 10, 1 in 78 million, 1,000 s, 120 %",
    ] {
        assert!(
            raw_numbers(fine).is_empty(),
            "{fine}: {:?}",
            raw_numbers(fine)
        );
    }
}
