//! `replay` and the bundled sample game: a record replayed under the rules,
//! its moves, the result it states and the result the rules give.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use shogi_rules::record::GameRecord;
use shogi_rules::{Game, GameError, Outcome, RuleSet, Termination};

use crate::args::{Notation, ReplayArgs, Rules};
use crate::input::read_input;
use crate::json;
use crate::load::{Loaded, load_record};
use board_cli::output::{Failure, Out, complain};

/// The bundled sample game: a Kifu for Windows KIF file in Shift_JIS, as
/// published (see `data/README.md` for where it comes from).
const SAMPLE: &[u8] = include_bytes!("../data/sample.kif");

/// The name the sample game is shown under.
const SAMPLE_NAME: &str = "sample.kif";

/// What `replay` prints, from its options.
struct Options {
    /// One line of JSON instead of text.
    json: bool,
    /// Declare an impasse after the last move.
    declare: bool,
    /// `--rules`; without it, the rules the record states.
    rules: Option<RuleSet>,
    /// The notation to print the moves in, besides USI.
    notation: Option<Notation>,
}

/// No command: the sample game, with its moves in Japanese notation.
pub fn sample(out: &mut Out) -> Result<ExitCode, Failure> {
    let options = Options {
        json: false,
        declare: false,
        rules: None,
        notation: Some(Notation::Japanese),
    };
    replay_bytes(out, Path::new(SAMPLE_NAME), SAMPLE, &options)
}

/// `replay FILE`.
pub fn run(out: &mut Out, args: &ReplayArgs) -> Result<ExitCode, Failure> {
    let options = Options {
        json: args.json,
        declare: args.declare,
        rules: args.rules.map(rule_set),
        notation: args.notation,
    };
    let bytes = match read_input(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => {
            complain(e);
            return Ok(ExitCode::FAILURE);
        }
    };
    replay_bytes(out, &args.file, &bytes, &options)
}

/// The rule set `--rules` names.
pub fn rule_set(rules: Rules) -> RuleSet {
    match rules {
        Rules::Site => RuleSet::site(),
        Rules::Csa27 => RuleSet::csa27(),
        Rules::Try => RuleSet::try_rule(),
    }
}

/// Each move of `record`'s main line in `notation`. Japanese is written as
/// in a KI2 file: with ▲/△ and 同 after the previous move.
fn notation_moves(notation: Notation, record: &GameRecord) -> Vec<String> {
    let notation = match notation {
        Notation::Usi => shogi_rules::notation::Notation::Usi,
        Notation::Western => shogi_rules::notation::Notation::Western,
        Notation::Japanese => shogi_rules::notation::Notation::Japanese,
        Notation::Csa => shogi_rules::notation::Notation::Csa,
    };
    notation.format_line(&record.start, &record.moves())
}

/// The game the rules make of `record`, and when the rules end it before
/// the record's last move, the number of moves played until then.
fn adjudicate(record: &GameRecord, rules: RuleSet) -> (Game, Option<usize>) {
    match record.game_with(rules) {
        Ok(game) => (game, None),
        Err(_) => {
            // The rules ended the game early (repetition, a move limit):
            // replay up to that point.
            let mut game = Game::from_position(record.start.clone(), rules);
            for m in &record.main.moves {
                if let Err(GameError::GameOver(_) | GameError::IllegalMove(_)) = game.play(m.mv) {
                    break;
                }
            }
            let played = game.moves().len();
            (game, Some(played))
        }
    }
}

/// A result in words: `sente wins (resignation)`, `draw (repetition)`.
fn outcome_text(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(o) if o.termination == Termination::Interrupted => {
            "no result (interrupted)".to_string()
        }
        Some(o) => format!(
            "{} ({})",
            o.winner.map_or("draw".to_string(), |c| format!("{c} wins")),
            o.termination.as_str()
        ),
        None => "none".to_string(),
    }
}

/// Everything replay finds out about a record.
struct Replayed<'a> {
    /// The record, with how it was read.
    loaded: &'a Loaded,
    /// The game the rules make of it.
    game: Game,
    /// When the rules end the game before the record's last move, the moves
    /// played until then.
    stopped_at: Option<usize>,
    /// The result the record states.
    stated: Option<Outcome>,
    /// The result the rules give.
    ruled: Option<Outcome>,
    /// Whether the two agree.
    agree: bool,
    /// The moves in the notation asked for.
    notation: Option<Vec<String>>,
}

/// Reads a record from `bytes` and prints what replaying it gives.
fn replay_bytes(
    out: &mut Out,
    name: &Path,
    bytes: &[u8],
    options: &Options,
) -> Result<ExitCode, Failure> {
    let loaded = match load_record(name, bytes) {
        Ok(loaded) => loaded,
        Err(e) => {
            complain(format!("{}: {e}", name.display()));
            return Ok(ExitCode::FAILURE);
        }
    };
    let record = &loaded.record;
    let rules = options.rules.unwrap_or_else(|| record.rules());
    let (mut game, stopped_at) = adjudicate(record, rules);
    let mut declare_error = None;
    if options.declare && game.outcome().is_none() {
        if let Err(e) = game.declare_impasse() {
            declare_error = Some(e.to_string());
        }
    }
    let stated = record.stated_result();
    let ruled = game.outcome();
    // A suspended game has no result on either side.
    let ruled_result = ruled.filter(|o| o.termination != Termination::Interrupted);
    let replayed = Replayed {
        loaded: &loaded,
        game,
        stopped_at,
        stated,
        ruled,
        agree: stopped_at.is_none() && stated == ruled_result,
        notation: options.notation.map(|n| notation_moves(n, record)),
    };
    if options.json {
        write_json(out, &replayed)?;
    } else {
        write_text(out, name, &replayed, options)?;
    }
    if let Some(e) = declare_error {
        // The rules' answer to the declaration, not a failure of the tool.
        out.flush()?;
        let _ = writeln!(std::io::stderr(), "declaration rejected: {e}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `replay --json`: one line.
fn write_json(out: &mut Out, r: &Replayed) -> std::io::Result<()> {
    let record = &r.loaded.record;
    json::write_line(
        out,
        &json::Replay {
            format: r.loaded.format.as_str(),
            encoding: r.loaded.encoding.name(),
            headers: json::Headers(&record.headers),
            start: record.start.to_sfen(),
            moves: record.moves().iter().map(ToString::to_string).collect(),
            notation: r.notation.as_deref(),
            final_position: record.final_position().to_sfen(),
            stated_result: r.stated.map(|o| json::GameResult::of(Some(o))),
            outcome: json::GameResult::of(r.ruled),
            results_agree: r.agree,
            rules_end_after: r.stopped_at,
            impasse: json::Impasse::of(&r.game.impasse_status()),
        },
    )
}

/// `replay` as text: the headers, the moves, the endings and the impasse
/// count.
fn write_text(out: &mut Out, name: &Path, r: &Replayed, options: &Options) -> std::io::Result<()> {
    let record = &r.loaded.record;
    writeln!(
        out,
        "{}: {} record ({})",
        name.display(),
        r.loaded.format.as_str().to_ascii_uppercase(),
        r.loaded.encoding.name()
    )?;
    for h in &record.headers {
        writeln!(out, "  {}: {}", h.name, h.value)?;
    }
    match record.handicap {
        Some(handicap) => writeln!(
            out,
            "start: {} ({})",
            handicap.kif_name(),
            record.start.to_sfen()
        )?,
        None => writeln!(out, "start: {}", record.start.to_sfen())?,
    }
    let moves = record.moves();
    let mut pos = record.start.clone();
    for (i, m) in moves.iter().enumerate() {
        let mover = pos.turn().as_str();
        pos.play_unchecked(*m);
        let check = if pos.in_check() { "  check" } else { "" };
        let number = i + 1;
        match (&r.notation, options.notation) {
            (Some(n), Some(notation)) if notation != Notation::Usi => {
                let written = n.get(i).map_or("", String::as_str);
                let usi = m.to_string();
                writeln!(out, "{number:>4} {mover:<5} {usi:<6} {written}{check}")?;
            }
            _ => writeln!(out, "{number:>4} {mover:<5} {m}{check}")?,
        }
    }
    let variations = record.variation_count();
    if variations > 0 {
        writeln!(
            out,
            "variations: {variations} (not replayed; the main line is)"
        )?;
    }
    if let Some(end) = &record.main.end {
        writeln!(out, "stated ending: {}", end.special.as_str())?;
    }
    writeln!(out, "stated result: {}", outcome_text(r.stated))?;
    match r.ruled {
        Some(o) => writeln!(out, "rules result: {}", outcome_text(Some(o)))?,
        None => writeln!(
            out,
            "rules result: none, the game goes on ({} to move)",
            r.game.position().turn()
        )?,
    }
    if let Some(played) = r.stopped_at {
        writeln!(
            out,
            "note: the rules end the game after move {played}, but the record goes on to move {}",
            moves.len()
        )?;
    }
    if r.agree {
        writeln!(out, "the stated result and the rules agree")?;
    } else {
        let said =
            |o: Option<Outcome>| o.map_or("no result".to_string(), |o| outcome_text(Some(o)));
        writeln!(
            out,
            "the results disagree: the record states {}, the rules give {}",
            said(r.stated),
            said(r.ruled)
        )?;
    }
    let status = r.game.impasse_status();
    let declaration = match status.reason {
        None => "allowed".to_string(),
        Some(reason) => format!("not allowed ({})", reason.as_str()),
    };
    writeln!(
        out,
        "impasse: sente {} points, gote {} points, declaration {declaration}",
        status.sente_points, status.gote_points
    )?;
    writeln!(out, "final: {}", record.final_position().to_sfen())
}
