//! Every number, percentage, rate and time the lesson shows, formatted in one place; the
//! words and units around the numbers come from the catalogue (`stage.fmt.*`).

use crate::lesson::catalogue::{t, tf};

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

/// A duration in milliseconds, in the unit that reads best (`"840 ms"`, `"2.4 s"`).
pub fn fmt_ms(ms: f64) -> String {
    if !ms.is_finite() {
        "—".into()
    } else if ms < 1.0 {
        tf("stage.fmt.ms", &[("n", format!("{ms:.2}"))])
    } else if ms < 1000.0 {
        tf("stage.fmt.ms", &[("n", format!("{ms:.0}"))])
    } else if ms < 60_000.0 {
        tf("stage.fmt.s", &[("n", format!("{:.1}", ms / 1000.0))])
    } else {
        tf("stage.fmt.min", &[("n", format!("{:.1}", ms / 60_000.0))])
    }
}

/// A number with `digits` significant digits, without a needless exponent for everyday sizes.
pub fn fmt_sig(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    if v == 0.0 {
        return "0".into();
    }
    let mag = v.abs().log10().floor() as i32;
    if !(-4..6).contains(&mag) {
        return format!("{v:.*e}", digits.saturating_sub(1));
    }
    let decimals = (digits as i32 - 1 - mag).max(0) as usize;
    format!("{v:.decimals$}")
}

/// A fraction shown as a percentage with three significant digits (`0.00028` → `"0.0280 %"`).
pub fn fmt_pct(fraction: f64) -> String {
    format!("{}\u{a0}%", fmt_sig(fraction * 100.0, 3))
}

/// A share of `10^exp` (`exp` ≤ 0) for an axis, in the words of [`fmt_share`]: `1 in 10,000`,
/// `1 in 100 million`, or `1` for every one.
pub fn share_label(exp: i32) -> String {
    if exp >= 0 {
        "1".into()
    } else {
        one_in(10f64.powi(-exp))
    }
}

/// A time in seconds for an axis or a sentence (`0.1 s`, `10 s`, `300 s`).
pub fn fmt_s(v: f64) -> String {
    tf("stage.fmt.s", &[("n", trim_num(v))])
}

/// A number with up to three significant digits and no trailing zeros (`2`, `0.002`).
pub fn trim_num(v: f64) -> String {
    let n = fmt_sig(v, 3);
    if n.contains('.') && !n.contains('e') {
        n.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        n
    }
}

/// Two significant digits without a trailing `.0` (`2`, `2.5`, `24`).
pub fn trim_sig2(v: f64) -> String {
    let n = fmt_sig(v, 2);
    if n.contains('.') && !n.contains('e') {
        n.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        n
    }
}

/// How often something that happens `per_day` times a day happens, in words.
pub fn fmt_rate(per_day: f64) -> String {
    if !per_day.is_finite() {
        "—".into()
    } else if per_day >= 0.95 {
        tf("stage.fmt.per_day", &[("n", fmt_sig(per_day, 2))])
    } else if per_day <= 0.0 {
        t("stage.fmt.never").to_owned()
    } else if per_day * 365.25 >= 0.95 {
        tf("stage.fmt.every_days", &[("n", trim_sig2(1.0 / per_day))])
    } else {
        let n = trim_sig2(1.0 / (per_day * 365.25));
        tf("stage.fmt.every_years", &[("n", n)])
    }
}

/// A count in a few characters for labels inside plots: `950`, `12k`, `4.5M`.
pub fn fmt_compact(n: f64) -> String {
    let a = n.abs();
    if !n.is_finite() {
        "—".into()
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

/// A duration or time in seconds, without needless decimals (`14 s`, `9.5 s`).
pub fn secs(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    tf("stage.fmt.s", &[("n", s)])
}

pub fn fmt_seconds(s: f64) -> String {
    let n = if s >= 1000.0 {
        fmt_int(s.round() as u64)
    } else {
        fmt_sig(s, 1)
    };
    tf("stage.fmt.s", &[("n", n)])
}

/// A mean count: three significant digits, thousands separated.
pub fn fmt_count(v: f64) -> String {
    if v >= 1_000.0 {
        fmt_int(v.round() as u64)
    } else {
        fmt_sig(v, 3)
    }
}

/// The rarest share said in words; anything rarer is "less than" this.
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
        tf("stage.fmt.one_in.trillion", &[("n", shown(n / 1e12))])
    } else if n >= 1e9 {
        tf("stage.fmt.one_in.billion", &[("n", shown(n / 1e9))])
    } else if n >= 1e6 {
        tf("stage.fmt.one_in.million", &[("n", shown(n / 1e6))])
    } else {
        tf("stage.fmt.one_in", &[("n", shown(n))])
    }
}

/// A small share in words a first-time reader can picture: `about 1 in 78 million`,
/// `about 1 in 420`, or a plain percentage for shares of one in fifty and more.
pub fn fmt_share(fraction: f64) -> String {
    if !fraction.is_finite() || fraction < 0.0 {
        return "—".into();
    }
    if fraction == 0.0 {
        return t("stage.fmt.none").to_owned();
    }
    if fraction >= 0.02 {
        return fmt_pct(fraction);
    }
    if fraction < RAREST_SHARE {
        let rarest = one_in(1.0 / RAREST_SHARE);
        return tf("stage.fmt.less_than", &[("share", rarest)]);
    }
    tf("stage.fmt.about", &[("share", one_in(1.0 / fraction))])
}

/// A share of some things as the subject of a sentence: `about 1 in 3,500 lock holds`,
/// `2.50 % of lock holds`, `no lock holds`.
pub fn share_of(fraction: f64, things: &str) -> String {
    let share = fmt_share(fraction);
    let values = [("share", share.as_str()), ("things", things)];
    if fraction == 0.0 {
        tf("stage.fmt.share.none", &values)
    } else if share.ends_with('%') {
        tf("stage.fmt.share.of", &values)
    } else {
        tf("stage.fmt.share.some", &values)
    }
}

/// What a log-normal spread means: the range two values in three fall in (a log-normal's
/// median ÷ and × e^σ holds 68 % of it). `things` names what varies ("runs", "holds").
pub fn spread_words(things: &str, typical_s: f64, spread: f64) -> String {
    if spread <= 0.0 {
        let values = [("typical", fmt_s(typical_s)), ("things", things.to_owned())];
        return tf("stage.fmt.no_spread", &values);
    }
    let x = spread.exp();
    let values = [
        ("x", trim_num(x)),
        ("low", fmt_s(round_sig(typical_s / x, 2))),
        ("high", fmt_s(round_sig(typical_s * x, 2))),
        ("things", things.to_owned()),
    ];
    tf("stage.fmt.spread", &values)
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
        assert_eq!(fmt_ms(840.2), "840 ms");
        assert_eq!(fmt_ms(2400.0), "2.4 s");
        assert_eq!(fmt_sig(0.028123, 2), "0.028");
        assert_eq!(fmt_sig(2.43, 2), "2.4");
        assert_eq!(fmt_sig(1.3e-8, 2), "1.3e-8");
        assert_eq!(fmt_pct(0.000_281), "0.0281\u{a0}%");
        assert_eq!(fmt_sig(f64::NAN, 2), "—");
    }

    #[test]
    fn rates_read_well() {
        assert_eq!(fmt_rate(2.43), "about 2.4 a day");
        assert_eq!(fmt_rate(0.1), "about once every 10 days");
        assert_eq!(fmt_rate(1.0 / 365.25 / 24.0), "about once every 24 years");
        assert_eq!(fmt_rate(0.0), "never");
        assert_eq!(fmt_rate(0.5), "about once every 2 days");
        assert_eq!(fmt_s(0.1), "0.1 s");
        assert_eq!(fmt_s(10.0), "10 s");
        assert_eq!(fmt_s(300.0), "300 s");
    }

    #[test]
    fn compact_counts() {
        assert_eq!(fmt_compact(0.0), "0");
        assert_eq!(fmt_compact(118.0), "118");
        assert_eq!(fmt_compact(2.5), "2.50");
        assert_eq!(fmt_compact(22.0), "22");
        assert_eq!(fmt_compact(12_345.0), "12k");
        assert_eq!(fmt_compact(1_234.0), "1.2k");
        assert_eq!(fmt_compact(4_500_000.0), "4.5M");
        assert_eq!(fmt_compact(f64::NAN), "—");
    }

    #[test]
    fn seconds_read_well() {
        assert_eq!(secs(14.0), "14 s");
        assert_eq!(secs(9.5), "9.5 s");
        assert_eq!(secs(0.0), "0 s");
        assert_eq!(secs(10.25), "10.25 s");
    }

    #[test]
    fn rare_shares_read_as_one_in_n() {
        assert_eq!(fmt_share(1.0 / 78e6), "about 1 in 78 million");
        assert_eq!(fmt_share(0.000283), "about 1 in 3,500");
        assert_eq!(fmt_share(0.0024), "about 1 in 420");
        assert_eq!(fmt_share(1.29e-8), "about 1 in 78 million");
        assert_eq!(fmt_share(1e-13), "about 1 in 10 trillion");
        assert_eq!(fmt_share(0.25), "25.0\u{a0}%");
        assert_eq!(fmt_share(0.0), "none");
        assert_eq!(fmt_share(f64::NAN), "—");
        assert_eq!(fmt_share(1e-20), "less than 1 in 10,000 trillion");
        assert_eq!(fmt_share(1.0 / 12_345.0), "about 1 in 12,000");
    }

    #[test]
    fn axis_shares_use_the_same_words() {
        assert_eq!(share_label(0), "1");
        assert_eq!(share_label(-2), "1 in 100");
        assert_eq!(share_label(-4), "1 in 10,000");
        assert_eq!(share_label(-6), "1 in 1 million");
        assert_eq!(share_label(-8), "1 in 100 million");
        assert_eq!(share_label(-12), "1 in 1 trillion");
        assert_eq!(share_label(-16), "1 in 10,000 trillion");
        assert_eq!(one_in(2.5e6), "1 in 2.5 million");
    }

    #[test]
    fn a_share_reads_as_the_subject_of_a_sentence() {
        assert_eq!(share_of(0.000283, "holds"), "about 1 in 3,500 holds");
        assert_eq!(share_of(0.025, "holds"), "2.50\u{a0}% of holds");
        assert_eq!(share_of(0.0, "holds"), "no holds");
    }

    #[test]
    fn the_spread_is_said_in_words() {
        assert_eq!(
            spread_words("runs", 8.0, 0.45),
            "Two runs in three take between typical ÷ 1.57 and typical × 1.57: 5.1 s to 13 s."
        );
        assert_eq!(
            spread_words("holds", 0.2, 0.5),
            "Two holds in three take between typical ÷ 1.65 and typical × 1.65: 0.12 s to 0.33 s."
        );
        assert!(spread_words("runs", 8.0, 0.0).starts_with("No spread: all runs take exactly"));
        assert!(spread_words("runs", 8.0, 1.5).contains("× 4.48"));
    }
}
