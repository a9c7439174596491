//! The session driven line by line, without processes: the replies to each
//! command, and searches run through the event channel.

use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use shogi_ai::level::Level;
use shogi_rules::Position;

use super::*;

/// A session with the default settings, the receiver of its events and
/// its output.
fn session() -> (Session, Receiver<Event>, Vec<u8>) {
    let (events, received) = mpsc::channel();
    (
        Session::new(Settings::default(), events),
        received,
        Vec::new(),
    )
}

/// The lines written since the last call.
fn take(out: &mut Vec<u8>) -> Vec<String> {
    let text = String::from_utf8(std::mem::take(out)).expect("UTF-8");
    text.lines().map(str::to_owned).collect()
}

/// Feeds search events to the session until a line starting with `prefix`
/// is written; all lines written.
fn until(
    session: &mut Session,
    received: &Receiver<Event>,
    out: &mut Vec<u8>,
    prefix: &str,
) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        match received
            .recv_timeout(Duration::from_secs(30))
            .expect("an event")
        {
            Event::Output(message) => send(out, &message).expect("written"),
            Event::Done { player, reply } => session.done(player, reply, out).expect("written"),
            other => panic!("{other:?}"),
        }
        lines.extend(take(out));
        if lines.iter().any(|l| l.starts_with(prefix)) {
            return lines;
        }
    }
}

/// Feeds search events to the session until the search ends (its reply
/// written or held).
fn until_done(session: &mut Session, received: &Receiver<Event>, out: &mut Vec<u8>) {
    loop {
        match received
            .recv_timeout(Duration::from_secs(30))
            .expect("an event")
        {
            Event::Output(message) => send(out, &message).expect("written"),
            Event::Done { player, reply } => {
                session.done(player, reply, out).expect("written");
                return;
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn handshake_and_options() {
    let (mut session, _received, mut out) = session();
    session.line("usi", &mut out).expect("written");
    let lines = take(&mut out);
    assert!(lines[0].starts_with("id name shogi-rules "), "{lines:?}");
    assert!(lines[1].starts_with("id author "));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Level type combo"))
    );
    assert_eq!(lines.last().map(String::as_str), Some("usiok"));
    session.line("isready", &mut out).expect("written");
    assert_eq!(take(&mut out), ["readyok"]);
    session
        .line("setoption name Level value Hard", &mut out)
        .expect("written");
    session
        .line("setoption name USI_Hash value 16", &mut out)
        .expect("written");
    assert!(take(&mut out).is_empty());
    assert_eq!(session.settings.level, Level::Hard);
    session
        .line("setoption name Strength value 99", &mut out)
        .expect("written");
    let lines = take(&mut out);
    assert!(
        lines[0].starts_with("info string setoption ignored"),
        "{lines:?}"
    );
    assert_eq!(session.settings.strength, None);
}

#[test]
fn malformed_and_illegal_lines_are_reported_and_ignored() {
    let (mut session, _received, mut out) = session();
    session
        .line("position startpos moves 7g7f", &mut out)
        .expect("written");
    let before = session.game.position().to_sfen();
    for line in [
        "position startpos moves 7g7f 7g7f",
        "position sfen garbage",
        "position",
        "go btime x",
        "setoption",
        "hello world",
        "",
        "   ",
    ] {
        session.line(line, &mut out).expect("written");
        let lines = take(&mut out);
        assert!(
            lines.iter().all(|l| l.starts_with("info string")),
            "{line}: {lines:?}"
        );
        assert_eq!(
            lines.len(),
            usize::from(!line.trim().is_empty()),
            "{line}: {lines:?}"
        );
    }
    assert_eq!(session.game.position().to_sfen(), before);
    assert!(session.search.is_none());
}

#[test]
fn go_answers_a_legal_move_and_a_mate() {
    let (mut session, received, mut out) = session();
    session
        .line("position startpos moves 7g7f 3c3d", &mut out)
        .expect("written");
    session.line("go depth 1", &mut out).expect("written");
    let lines = until(&mut session, &received, &mut out, "bestmove");
    let best = lines.last().expect("bestmove");
    let usi = best.split_whitespace().nth(1).expect("a move");
    let position = session.game.position().clone();
    assert!(
        position.legal_moves().iter().any(|m| m.to_string() == usi),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info ") && l.contains(" pv ")),
        "{lines:?}"
    );

    let sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    session
        .line(&format!("position sfen {sfen}"), &mut out)
        .expect("written");
    session.line("go mate 5000", &mut out).expect("written");
    let lines = until(&mut session, &received, &mut out, "checkmate");
    assert_eq!(lines.last().map(String::as_str), Some("checkmate G*5b"));
}

#[test]
fn infinite_waits_for_stop() {
    let (mut session, received, mut out) = session();
    session
        .line("position startpos", &mut out)
        .expect("written");
    session.line("go infinite", &mut out).expect("written");
    // The search ends within the level's budget, yet the reply waits.
    until_done(&mut session, &received, &mut out);
    assert!(take(&mut out).iter().all(|l| !l.starts_with("bestmove")));
    session.line("go depth 1", &mut out).expect("written");
    assert!(take(&mut out)[0].starts_with("info string go ignored"));
    session.line("stop", &mut out).expect("written");
    let lines = take(&mut out);
    assert!(lines[0].starts_with("bestmove "), "{lines:?}");
    assert!(session.search.is_none());
}

#[test]
fn no_legal_move_resigns_and_a_won_impasse_declares() {
    let (mut session, received, mut out) = session();
    // Gote is checkmated: its king on 5a, a gold on 5b guarded by a pawn.
    session
        .line("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2", &mut out)
        .expect("written");
    session
        .line("go btime 1000 wtime 1000", &mut out)
        .expect("written");
    let lines = until(&mut session, &received, &mut out, "bestmove");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove resign"));

    // Both kings in the enemy camps; Sente holds 11 pieces in Gote's camp
    // and 38 points, Gote 16: a winning declaration under both rules.
    let sfen = "R3K3B/PPPPPPPPP/9/9/9/9/9/9/4k4 b RB9P4g4s4n4l 1";
    let position = Position::from_sfen(sfen).expect("reads");
    assert!(worker::declaration_wins(&position));
    session
        .line(&format!("position sfen {sfen}"), &mut out)
        .expect("written");
    session.line("go byoyomi 1000", &mut out).expect("written");
    let lines = until(&mut session, &received, &mut out, "bestmove");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove win"));
    assert!(!worker::declaration_wins(&Position::startpos()));
}

#[test]
fn gameover_ends_a_held_search_without_a_reply() {
    let (mut session, received, mut out) = session();
    session
        .line("position startpos", &mut out)
        .expect("written");
    session.line("go infinite", &mut out).expect("written");
    session.line("gameover lose", &mut out).expect("written");
    until_done(&mut session, &received, &mut out);
    assert!(take(&mut out).iter().all(|l| !l.starts_with("bestmove")));
    assert!(session.search.is_none());
    // The next game's search runs.
    session.line("usinewgame", &mut out).expect("written");
    session
        .line("position startpos", &mut out)
        .expect("written");
    session.line("go depth 1", &mut out).expect("written");
    let lines = until(&mut session, &received, &mut out, "bestmove");
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")));
}

#[test]
fn ponderhit_releases_the_reply_of_go_ponder() {
    let (mut session, received, mut out) = session();
    session
        .line("position startpos moves 7g7f 3c3d", &mut out)
        .expect("written");
    session
        .line("go ponder btime 1000 wtime 1000 byoyomi 100", &mut out)
        .expect("written");
    until_done(&mut session, &received, &mut out);
    assert!(take(&mut out).iter().all(|l| !l.starts_with("bestmove")));
    session.line("ponderhit", &mut out).expect("written");
    let lines = take(&mut out);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("bestmove "), "{lines:?}");
    assert!(session.search.is_none());
}
