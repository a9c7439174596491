//! Writing a record as CSA text.

use core::fmt::Write as _;
use core::time::Duration;

use crate::notation::csa::{self as notation, piece_code};
use crate::record::text::{
    comment_lines, comment_marker, kif_name, one_line, side_names, stated_rule,
};
use crate::record::{Comment, GameRecord, Header, HeaderKey};
use crate::{Color, ImpasseRule, Square};

use super::read::parse_seconds;
use super::{CsaVersion, special_code};

/// Writes a V2.2 record.
#[must_use]
pub fn write(record: &GameRecord) -> String {
    write_with(record, CsaVersion::V22)
}

/// Writes a record in `version`.
#[must_use]
pub fn write_with(record: &GameRecord, version: CsaVersion) -> String {
    let mut out = String::with_capacity(64 + record.main.moves.len() * 12);
    match version {
        CsaVersion::V22 => out.push_str("V2.2\n"),
        CsaVersion::V30 => out.push_str("'CSA encoding=UTF-8\nV3.0\n"),
    }
    let mut named = [false; 2];
    let names = side_names(record);
    for h in &record.headers {
        let color = match h.key {
            HeaderKey::Sente => Some(Color::Sente),
            HeaderKey::Gote => Some(Color::Gote),
            _ => None,
        };
        if let Some(color) = color {
            if !std::mem::replace(&mut named[color.index()], true) {
                let sign = if color == Color::Sente { '+' } else { '-' };
                let _ = writeln!(out, "N{sign}{}", one_line(&h.value));
                continue;
            }
        } else if let Some(line) = rule_line(h, version) {
            out.push_str(&line);
            continue;
        } else if let Some(name) = csa_key(h, version) {
            let _ = writeln!(out, "{name}:{}", one_line(&h.value));
            continue;
        }
        // No CSA form: the header comment the reader turns back into it.
        let _ = writeln!(
            out,
            "'#{}：{}",
            one_line(&kif_name(h, names)),
            one_line(&h.value)
        );
    }
    write_comments(&mut out, &record.start_comments);
    write_position(&mut out, record);
    let mut pos = record.start.clone();
    for m in &record.main.moves {
        out.push_str(&notation::format(&pos, m.mv));
        out.push('\n');
        if let Some(t) = &m.time {
            write_time(&mut out, t.used, version);
        }
        write_comments(&mut out, &m.comments);
        pos.play_unchecked(m.mv);
    }
    if let Some(end) = &record.main.end {
        if let Some(code) = special_code(end.special, pos.turn()) {
            out.push_str(code);
            out.push('\n');
            if let Some(t) = &end.time {
                write_time(&mut out, t.used, version);
            }
        }
        write_comments(&mut out, &end.comments);
    }
    out
}

/// The CSA name of a header other than the players, if it has one.
fn csa_key(h: &Header, version: CsaVersion) -> Option<String> {
    if h.name.starts_with('$') && h.name.len() > 1 && !h.name.contains(':') {
        return Some(h.name.clone());
    }
    let name = match h.key {
        HeaderKey::StartTime => "$START_TIME",
        HeaderKey::EndTime => "$END_TIME",
        HeaderKey::Event => "$EVENT",
        HeaderKey::Site => "$SITE",
        HeaderKey::Opening => "$OPENING",
        HeaderKey::TimeControl if version == CsaVersion::V30 && is_v3_time(&h.value) => "$TIME",
        HeaderKey::TimeControl if version == CsaVersion::V22 && is_v2_time(&h.value) => {
            "$TIME_LIMIT"
        }
        _ => return None,
    };
    Some(name.to_owned())
}

/// The line of a header stating a rule, unless its name is a CSA key
/// (written as it is): a header read from floodgate's comment line is
/// written as it was read; a header from another format is written as V3.0's
/// `$` key, or in V2.2 (which has none) as floodgate's comment line, its
/// impasse rule as that form expects it (`27` and `jishogi 1.1` for the CSA
/// declaration) when it is understood.
fn rule_line(h: &Header, version: CsaVersion) -> Option<String> {
    let rule = stated_rule(h).filter(|_| !h.name.starts_with('$'))?;
    let value = one_line(&h.value);
    if h.name == rule.floodgate {
        return Some(format!("'{}:{value}\n", rule.floodgate));
    }
    let stated = (rule.key == HeaderKey::ImpasseRule)
        .then(|| super::super::stated_impasse_rule(&h.value))
        .flatten();
    Some(match version {
        CsaVersion::V30 => {
            let value = match stated {
                Some(ImpasseRule::Csa27Declaration) => "27".to_owned(),
                Some(ImpasseRule::Points24) => "24".to_owned(),
                _ => value,
            };
            format!("{}:{value}\n", rule.csa)
        }
        CsaVersion::V22 => {
            let value = match stated {
                Some(ImpasseRule::Csa27Declaration) => "jishogi 1.1".to_owned(),
                _ => value,
            };
            format!("'{}:{value}\n", rule.floodgate)
        }
    })
}

/// `HH:MM+SS`.
fn is_v2_time(v: &str) -> bool {
    let Some((hm, s)) = v.split_once('+') else {
        return false;
    };
    let Some((h, m)) = hm.split_once(':') else {
        return false;
    };
    [h, m, s]
        .iter()
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `main+byoyomi+increment` in seconds.
fn is_v3_time(v: &str) -> bool {
    let parts: Vec<&str> = v.split('+').collect();
    parts.len() == 3 && parts.iter().all(|p| parse_seconds(p).is_some())
}

fn write_comments(out: &mut String, comments: &[Comment]) {
    for c in comments {
        let marker = comment_marker(c.kind);
        // The reader splits lines at a lone `\r` too.
        for text in comment_lines(&c.text) {
            out.push('\'');
            out.push_str(marker);
            out.push_str(text);
            out.push('\n');
        }
    }
}

fn write_time(out: &mut String, used: Duration, version: CsaVersion) {
    let _ = write!(out, "T{}", used.as_secs());
    let nanos = used.subsec_nanos();
    if version == CsaVersion::V30 && nanos > 0 {
        let fraction = format!("{nanos:09}");
        out.push('.');
        out.push_str(fraction.trim_end_matches('0'));
    }
    out.push('\n');
}

fn write_position(out: &mut String, record: &GameRecord) {
    let start = &record.start;
    let standard = record
        .handicap
        .filter(|h| h.position() == *start)
        .map(|h| h.csa_removed());
    if let Some(removed) = standard {
        let _ = writeln!(out, "PI{removed}");
    } else {
        for rank in 1..=9u8 {
            let _ = write!(out, "P{rank}");
            for file in (1..=9u8).rev() {
                match Square::new(file, rank).and_then(|sq| start.piece_at(sq)) {
                    None => out.push_str(" * "),
                    Some(p) => {
                        out.push(if p.color == Color::Sente { '+' } else { '-' });
                        out.push_str(piece_code(p.role));
                    }
                }
            }
            out.push('\n');
        }
        for color in Color::ALL {
            let hand = start.hand(color);
            if hand.is_empty() {
                continue;
            }
            out.push_str(if color == Color::Sente { "P+" } else { "P-" });
            for (role, n) in hand.iter() {
                for _ in 0..n {
                    out.push_str("00");
                    out.push_str(piece_code(role));
                }
            }
            out.push('\n');
        }
    }
    out.push_str(if start.turn() == Color::Sente {
        "+\n"
    } else {
        "-\n"
    });
}
