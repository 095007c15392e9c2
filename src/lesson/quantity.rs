//! Every quantity the lesson shows, formatted in one place and by one rule per quantity, for the
//! pages (`src/ui`) and the lab's words (`src/lab`) alike:
//!
//! - seconds: [`seconds`], three significant digits, trailing zeros trimmed (`0.1 s`, `9.5 s`,
//!   `10.3 s`), whole seconds from 1,000 s on with thousands separated (`1,000 s`);
//! - durations in milliseconds: [`duration_ms`], the same three significant digits in the unit
//!   that reads best (`0.42 ms`, `840 ms`, `2.4 s`, `1.5 min`);
//! - fractions: [`fmt_fraction`], [`fraction_of`], [`fmt_pct`], [`pct_rounded`];
//! - counts: [`fmt_int`], [`fmt_count`], [`fmt_compact`]; rates: [`fmt_rate`].
//!
//! A number and its unit are always kept together by one no-break space (U+00A0), which lives
//! in the unit's template in the catalogue (`stage.fmt.*`, `"{n}\u{a0}s"`), so `10 s` never
//! breaks across two lines of a projected page. Anything that is not a finite number is `—`.

use crate::lesson::catalogue::tf;

/// What is shown for a quantity that is not a finite number.
pub const NOT_A_NUMBER: &str = "—";

/// `1234567` → `"1,234,567"`.
pub fn fmt_int(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A time in seconds (`0.1 s`, `9.5 s`, `10 s`, `300 s`, `1,000 s`): the lesson's one rule,
/// three significant digits without trailing zeros.
pub fn seconds(v: f64) -> String {
    in_unit(key!("stage.fmt.s"), v)
}

/// A duration given in milliseconds, in the unit that reads best, by the rule of [`seconds`]:
/// `0.42 ms`, `840 ms`, `2.4 s`, `1.5 min`. A duration that rounds to 1,000 ms reads `1 s`, and
/// one that rounds to 60 s reads `1 min`.
pub fn duration_ms(ms: f64) -> String {
    let ms = round_sig(ms, 3);
    let s = round_sig(ms / 1_000.0, 3);
    if !ms.is_finite() {
        NOT_A_NUMBER.into()
    } else if ms.abs() < 1_000.0 {
        in_unit(key!("stage.fmt.ms"), ms)
    } else if s.abs() < 60.0 {
        seconds(s)
    } else {
        in_unit(key!("stage.fmt.min"), s / 60.0)
    }
}

/// A time in seconds typed back as [`seconds`] or [`duration_ms`] write it (`1.5 s`, `250 ms`,
/// `2 min`, `1,000 s`); a bare number is seconds.
pub fn parse_seconds(text: &str) -> Option<f64> {
    parse_duration_ms(text, 1_000.0).map(|ms| ms / 1_000.0)
}

/// A duration in milliseconds typed back as [`duration_ms`] writes it; a bare number is
/// milliseconds.
pub fn parse_ms(text: &str) -> Option<f64> {
    parse_duration_ms(text, 1.0)
}

/// A duration typed as [`duration_ms`] writes it, in milliseconds; a bare number counts
/// `bare_ms` milliseconds.
pub fn parse_duration_ms(text: &str, bare_ms: f64) -> Option<f64> {
    let t = text.trim();
    let (number, scale) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("min") {
        (n, 60_000.0)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1_000.0)
    } else {
        (t, bare_ms)
    };
    let number = number.trim().replace(',', "");
    number.parse::<f64>().ok().map(|v| v * scale)
}

/// `v` by the rule of [`seconds`] in the unit template `key`.
fn in_unit(key: &str, v: f64) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    tf(key, &[("n", three_digits(v))])
}

/// `v` to three significant digits without trailing zeros, whole and with thousands separated
/// from 1,000 on (`0.001`, `9.5`, `10.3`, `1,000`).
fn three_digits(v: f64) -> String {
    let r = round_sig(v, 3);
    if r.abs() >= 1_000.0 {
        let sign = if r < 0.0 { "-" } else { "" };
        format!("{sign}{}", fmt_int(r.abs().round() as u64))
    } else {
        trim_num(r)
    }
}

/// The lesson's one rule for a number a learner reads: `digits` significant digits, no trailing
/// zero after the point (`17`, not `17.0`; `9.9`, not `9.90`), thousands grouped (`1,230`;
/// `155,673` → `156,000`), and never an exponent: a number too small to show in `digits + 4`
/// decimals is `0` (a share that small is said in words by [`fmt_fraction`]).
pub fn fmt_sig(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return NOT_A_NUMBER.into();
    }
    let r = round_sig(v, digits.max(1) as i32);
    if r == 0.0 {
        return "0".into();
    }
    if r.abs() >= 1_000.0 {
        let sign = if r < 0.0 { "-" } else { "" };
        return format!("{sign}{}", fmt_int(r.abs().round() as u64));
    }
    let mag = r.abs().log10().floor() as i32;
    let decimals = (digits as i32 - 1 - mag).clamp(0, 12) as usize;
    let n = format!("{r:.decimals$}");
    let n = if n.contains('.') {
        n.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        n
    };
    if n.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        "0".into()
    } else {
        n
    }
}

/// A fraction shown as a percentage with three significant digits (`0.00028` → `"0.028 %"`);
/// a share under one in a million is said in words (`about 1 in 2,500 trillion`).
pub fn fmt_pct(fraction: f64) -> String {
    if fraction > 0.0 && fraction < 1e-6 {
        return fmt_fraction(fraction);
    }
    percent(fmt_sig(fraction * 100.0, 3))
}

/// A fraction as a percentage rounded to `digits` significant digits without trailing zeros,
/// for axis ticks and settings (`1.0` → `"100 %"`, `0.025` with two digits → `"2.5 %"`).
pub fn pct_rounded(fraction: f64, digits: usize) -> String {
    percent(fmt_sig(fraction * 100.0, digits))
}

/// A number and the per-cent sign, with the same no-break space as every other unit.
fn percent(n: impl std::fmt::Display) -> String {
    if n.to_string() == NOT_A_NUMBER {
        return NOT_A_NUMBER.into();
    }
    format!("{n}\u{a0}%")
}

/// A fraction of `10^exp` (`exp` ≤ 0) for an axis, in the words of [`fmt_fraction`]: `1 in 10,000`,
/// `1 in 100 million`, or `1` for every one.
pub fn fraction_label(exp: i32) -> String {
    if exp >= 0 {
        "1".into()
    } else {
        one_in(10f64.powi(-exp))
    }
}

/// A number with up to three significant digits and no trailing zeros (`2`, `0.002`).
pub fn trim_num(v: f64) -> String {
    fmt_sig(v, 3)
}

/// Two significant digits without a trailing `.0` (`2`, `2.5`, `24`).
pub fn trim_sig2(v: f64) -> String {
    fmt_sig(v, 2)
}

/// The longest time between two events said in years; anything rarer is "less often than
/// once in a million years" (no exponent on a learner's screen).
pub const RAREST_YEARS: f64 = 1e6;

/// How often something that happens `per_day` times a day happens, in words.
pub fn fmt_rate(per_day: f64) -> String {
    if !per_day.is_finite() {
        NOT_A_NUMBER.into()
    } else if per_day >= 1_000.0 {
        let n = fmt_int(round_sig(per_day, 2).round() as u64);
        tf!("stage.fmt.per_day", &[("n", n)])
    } else if per_day >= 0.95 {
        tf!("stage.fmt.per_day", &[("n", trim_sig2(per_day))])
    } else if per_day <= 0.0 {
        t!("stage.fmt.never").to_owned()
    } else if per_day * 365.25 >= 0.95 {
        tf!("stage.fmt.every_days", &[("n", trim_sig2(1.0 / per_day))])
    } else if per_day * 365.25 * RAREST_YEARS >= 1.0 {
        let years = round_sig(1.0 / (per_day * 365.25), 2);
        let n = if years >= 1_000.0 {
            fmt_int(years.round() as u64)
        } else {
            trim_sig2(years)
        };
        tf!("stage.fmt.every_years", &[("n", n)])
    } else {
        t!("stage.fmt.rarer_than_years").to_owned()
    }
}

/// A count in a few characters for labels inside plots: `950`, `12k`, `4.5M`.
pub fn fmt_compact(n: f64) -> String {
    let a = n.abs();
    if !n.is_finite() {
        NOT_A_NUMBER.into()
    } else if a < 1_000.0 {
        if n.fract() == 0.0 {
            format!("{n}")
        } else {
            fmt_sig(n, 3)
        }
    } else if a < 1_000_000.0 {
        format!("{}k", fmt_sig(n / 1e3, 2))
    } else {
        format!("{}M", fmt_sig(n / 1e6, 2))
    }
}

/// A mean count: three significant digits, thousands separated.
pub fn fmt_count(v: f64) -> String {
    if v >= 1_000.0 {
        fmt_int(v.round() as u64)
    } else {
        fmt_sig(v, 3)
    }
}

/// The rarest fraction said in words; anything rarer is "less than" this.
pub const RAREST_SHARE: f64 = 1e-16;

/// `1 in n` in words a first-time reader can picture, `n` rounded to two significant digits
/// (`1 in 420`, `1 in 10,000`, `1 in 78 million`, `1 in 10,000 trillion`).
pub fn one_in(n: f64) -> String {
    let n = round_sig(n.max(1.0), 2);
    let shown = |value: f64| {
        if value >= 1_000.0 || value.fract() == 0.0 {
            fmt_int(value.round() as u64)
        } else {
            trim_sig2(value)
        }
    };
    if n >= 1e12 {
        tf!("stage.fmt.one_in.trillion", &[("n", shown(n / 1e12))])
    } else if n >= 1e9 {
        tf!("stage.fmt.one_in.billion", &[("n", shown(n / 1e9))])
    } else if n >= 1e6 {
        tf!("stage.fmt.one_in.million", &[("n", shown(n / 1e6))])
    } else {
        tf!("stage.fmt.one_in", &[("n", shown(n))])
    }
}

/// A small fraction in words a first-time reader can picture: `about 1 in 78 million`,
/// `about 1 in 420`, or a plain percentage for fractions of one in fifty and more.
pub fn fmt_fraction(fraction: f64) -> String {
    if !fraction.is_finite() || fraction < 0.0 {
        return NOT_A_NUMBER.into();
    }
    if fraction == 0.0 {
        return t!("stage.fmt.none").to_owned();
    }
    if fraction >= 0.02 {
        return fmt_pct(fraction);
    }
    if fraction < RAREST_SHARE {
        let rarest = one_in(1.0 / RAREST_SHARE);
        return tf!("stage.fmt.less_than", &[("share", rarest)]);
    }
    tf!("stage.fmt.about", &[("share", one_in(1.0 / fraction))])
}

/// A fraction of some things as the subject of a sentence: `about 1 in 3,500 lock holds`,
/// `2.50 % of lock holds`, `no lock holds`.
pub fn fraction_of(fraction: f64, things: &str) -> String {
    let in_words = fmt_fraction(fraction);
    let values = [("share", in_words.as_str()), ("things", things)];
    if fraction == 0.0 {
        tf!("stage.fmt.share.none", &values)
    } else if in_words.ends_with('%') {
        tf!("stage.fmt.share.of", &values)
    } else {
        tf!("stage.fmt.share.some", &values)
    }
}

/// What a log-normal spread means: the range two values in three fall in (a log-normal's
/// median ÷ and × e^σ holds 68 % of it). `things` names what varies ("runs", "holds").
pub fn spread_words(things: &str, typical_s: f64, spread: f64) -> String {
    if spread <= 0.0 {
        let values = [
            ("typical", seconds(typical_s)),
            ("things", things.to_owned()),
        ];
        return tf!("stage.fmt.no_spread", &values);
    }
    let x = spread.exp();
    let values = [
        ("x", trim_num(x)),
        ("low", seconds(round_sig(typical_s / x, 2))),
        ("high", seconds(round_sig(typical_s * x, 2))),
        ("things", things.to_owned()),
    ];
    tf!("stage.fmt.spread", &values)
}

/// `v` rounded to `digits` significant digits (`1e6` stays exactly `1e6`).
fn round_sig(v: f64, digits: i32) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let e = digits - 1 - v.abs().log10().floor() as i32;
    if e >= 0 {
        let scale = 10f64.powi(e);
        (v * scale).round() / scale
    } else {
        let step = 10f64.powi(-e);
        (v / step).round() * step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(fmt_int(0), "0");
        assert_eq!(fmt_int(999), "999");
        assert_eq!(fmt_int(1000), "1,000");
        assert_eq!(fmt_int(1_234_567), "1,234,567");
        assert_eq!(fmt_sig(0.028123, 2), "0.028");
        assert_eq!(fmt_sig(2.43, 2), "2.4");
        assert_eq!(fmt_sig(1.3e-8, 2), "0.000000013");
        assert_eq!(fmt_sig(17.0, 3), "17");
        assert_eq!(fmt_sig(9.9, 3), "9.9");
        assert_eq!(fmt_sig(155_673.0, 3), "156,000");
        assert_eq!(fmt_pct(4e-16), "about 1 in 2,500 trillion");
        assert_eq!(fmt_pct(0.000_281), "0.0281\u{a0}%");
        assert_eq!(fmt_pct(1.0), "100\u{a0}%");
        assert_eq!(fmt_sig(f64::NAN, 2), "—");
    }

    #[test]
    fn rates_read_well() {
        assert_eq!(fmt_rate(2.43), "about 2.4 a day");
        assert_eq!(fmt_rate(0.1), "about once every 10 days");
        assert_eq!(fmt_rate(1.0 / 365.25 / 24.0), "about once every 24 years");
        assert_eq!(fmt_rate(0.0), "never");
        assert_eq!(fmt_rate(0.5), "about once every 2 days");
    }

    #[test]
    fn compact_counts() {
        assert_eq!(fmt_compact(0.0), "0");
        assert_eq!(fmt_compact(118.0), "118");
        assert_eq!(fmt_compact(2.5), "2.5");
        assert_eq!(fmt_compact(22.0), "22");
        assert_eq!(fmt_compact(12_345.0), "12k");
        assert_eq!(fmt_compact(1_234.0), "1.2k");
        assert_eq!(fmt_compact(4_500_000.0), "4.5M");
        assert_eq!(fmt_compact(f64::NAN), "—");
    }

    /// `n` and its unit with the one no-break space.
    fn nb(n: &str, unit: &str) -> String {
        format!("{n}\u{a0}{unit}")
    }

    #[test]
    fn seconds_have_one_rule() {
        assert_eq!(seconds(0.0), nb("0", "s"));
        assert_eq!(seconds(0.001), nb("0.001", "s"));
        assert_eq!(seconds(0.1), nb("0.1", "s"));
        assert_eq!(seconds(0.2), nb("0.2", "s"));
        assert_eq!(seconds(1.41234), nb("1.41", "s"));
        assert_eq!(seconds(9.5), nb("9.5", "s"));
        // 9.995 is 9.99499… as a binary number.
        assert_eq!(seconds(9.995), nb("9.99", "s"));
        assert_eq!(seconds(9.9951), nb("10", "s"));
        assert_eq!(seconds(10.0), nb("10", "s"));
        assert_eq!(seconds(10.25), nb("10.3", "s"));
        assert_eq!(seconds(14.0), nb("14", "s"));
        assert_eq!(seconds(59.99), nb("60", "s"));
        assert_eq!(seconds(300.0), nb("300", "s"));
        assert_eq!(seconds(999.5), nb("1,000", "s"));
        assert_eq!(seconds(1_000.0), nb("1,000", "s"));
        assert_eq!(seconds(123_456.7), nb("123,000", "s"));
        assert_eq!(seconds(-2.5), nb("-2.5", "s"));
        assert_eq!(seconds(f64::NAN), "—");
        assert_eq!(seconds(f64::INFINITY), "—");
    }

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(duration_ms(0.0), nb("0", "ms"));
        assert_eq!(duration_ms(0.001), nb("0.001", "ms"));
        assert_eq!(duration_ms(0.42), nb("0.42", "ms"));
        assert_eq!(duration_ms(57.0), nb("57", "ms"));
        assert_eq!(duration_ms(412.3), nb("412", "ms"));
        assert_eq!(duration_ms(840.2), nb("840", "ms"));
        assert_eq!(duration_ms(999.4), nb("999", "ms"));
        assert_eq!(duration_ms(999.5), nb("1", "s"));
        assert_eq!(duration_ms(1_000.0), nb("1", "s"));
        assert_eq!(duration_ms(2_400.0), nb("2.4", "s"));
        assert_eq!(duration_ms(2_950.0), nb("2.95", "s"));
        assert_eq!(duration_ms(10_250.0), nb("10.3", "s"));
        assert_eq!(duration_ms(59_990.0), nb("1", "min"));
        assert_eq!(duration_ms(90_000.0), nb("1.5", "min"));
        assert_eq!(duration_ms(1e9), nb("16,700", "min"));
        assert_eq!(duration_ms(f64::NAN), "—");
        assert_eq!(duration_ms(f64::NEG_INFINITY), "—");
    }

    #[test]
    fn a_duration_in_seconds_reads_as_the_same_seconds() {
        for s in [1.0, 1.41, 2.5, 10.0, 14.0, 30.0] {
            assert_eq!(duration_ms(s * 1000.0), seconds(s), "{s}");
        }
    }

    #[test]
    fn typed_durations_read_back() {
        for v in [0.001, 0.1, 1.41, 10.0, 59.9, 999.0, 1_000.0, 123_456.0] {
            let back = parse_seconds(&seconds(v)).unwrap();
            assert!((back - v).abs() <= v * 0.005, "{v}: {back}");
        }
        for v in [0.42, 57.0, 999.0, 1_000.0, 2_950.0, 90_000.0] {
            let back = parse_ms(&duration_ms(v)).unwrap();
            assert!((back - v).abs() <= v * 0.005, "{v}: {back}");
        }
        assert_eq!(parse_seconds("2"), Some(2.0));
        assert_eq!(parse_ms("2"), Some(2.0));
        assert_eq!(parse_duration_ms("2", 1_000.0), Some(2_000.0));
        assert_eq!(parse_ms("soon"), None);
    }

    #[test]
    fn percentages_keep_their_sign_on_the_line() {
        assert_eq!(pct_rounded(1.0, 3), nb("100", "%"));
        assert_eq!(pct_rounded(0.025, 2), nb("2.5", "%"));
        assert_eq!(pct_rounded(0.3, 2), nb("30", "%"));
        assert_eq!(pct_rounded(f64::NAN, 2), "—");
        assert_eq!(fmt_pct(f64::NAN), "—");
    }

    #[test]
    fn rare_fractions_read_as_one_in_n() {
        assert_eq!(fmt_fraction(1.0 / 78e6), "about 1 in 78 million");
        assert_eq!(fmt_fraction(0.000283), "about 1 in 3,500");
        assert_eq!(fmt_fraction(0.0024), "about 1 in 420");
        assert_eq!(fmt_fraction(1.29e-8), "about 1 in 78 million");
        assert_eq!(fmt_fraction(1e-13), "about 1 in 10 trillion");
        assert_eq!(fmt_fraction(0.25), "25\u{a0}%");
        assert_eq!(fmt_fraction(0.0), "none");
        assert_eq!(fmt_fraction(f64::NAN), "—");
        assert_eq!(fmt_fraction(1e-20), "less than 1 in 10,000 trillion");
        assert_eq!(fmt_fraction(1.0 / 12_345.0), "about 1 in 12,000");
    }

    #[test]
    fn axis_fractions_use_the_same_words() {
        assert_eq!(fraction_label(0), "1");
        assert_eq!(fraction_label(-2), "1 in 100");
        assert_eq!(fraction_label(-4), "1 in 10,000");
        assert_eq!(fraction_label(-6), "1 in 1 million");
        assert_eq!(fraction_label(-8), "1 in 100 million");
        assert_eq!(fraction_label(-12), "1 in 1 trillion");
        assert_eq!(fraction_label(-16), "1 in 10,000 trillion");
        assert_eq!(one_in(2.5e6), "1 in 2.5 million");
    }

    #[test]
    fn a_fraction_reads_as_the_subject_of_a_sentence() {
        assert_eq!(fraction_of(0.000283, "holds"), "about 1 in 3,500 holds");
        assert_eq!(fraction_of(0.025, "holds"), "2.5\u{a0}% of holds");
        assert_eq!(fraction_of(0.0, "holds"), "no holds");
    }

    #[test]
    fn the_spread_is_said_in_words() {
        assert_eq!(
            spread_words("runs", 8.0, 0.45),
            "Two runs in three take between typical ÷ 1.57 and typical × 1.57: 5.1\u{a0}s to 13\u{a0}s."
        );
        assert_eq!(
            spread_words("holds", 0.2, 0.5),
            "Two holds in three take between typical ÷ 1.65 and typical × 1.65: 0.12\u{a0}s to 0.33\u{a0}s."
        );
        assert!(spread_words("runs", 8.0, 0.0).starts_with("No spread: all runs take exactly"));
        assert!(spread_words("runs", 8.0, 1.5).contains("× 4.48"));
    }
}
