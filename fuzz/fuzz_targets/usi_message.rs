//! Fuzz target `usi_message`: pins down that reading any line as a USI protocol message, in both
//! directions (`EngineMessage`, `GuiCommand`), never panics, and that a message read writes its
//! canonical form, which reads back to the same message and writes the same text again. The
//! moves an engine names are resolved from the start position, which must not panic either and
//! keeps only legal moves.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_rules::usi::{EngineMessage, GuiCommand};
use shogi_rules::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(msg) = text.parse::<EngineMessage>() {
        let printed = msg.to_string();
        let reparsed: EngineMessage = printed.parse().unwrap_or_else(|e| {
            panic!("{text:?} reads, but its Display {printed:?} does not: {e}")
        });
        assert_eq!(reparsed, msg, "{text:?} -> {printed:?} changes the message");
        assert_eq!(reparsed.to_string(), printed, "{printed:?} is not stable");
        let start = Position::startpos();
        let line = match &msg {
            EngineMessage::Info(info) => Some(info.resolve_pv(&start)),
            EngineMessage::BestMove(best) => Some(best.resolve(&start)),
            EngineMessage::Checkmate(reply) => Some(reply.resolve(&start)),
            _ => None,
        };
        if let Some(line) = line {
            let mut pos = start.clone();
            for m in &line.moves {
                assert!(pos.is_legal(*m), "{m:?} kept though not legal at {pos}");
                pos.play_unchecked(*m);
            }
            assert_eq!(pos, line.position);
        }
    }
    if let Ok(cmd) = text.parse::<GuiCommand>() {
        let printed = cmd.to_string();
        let reparsed: GuiCommand = printed.parse().unwrap_or_else(|e| {
            panic!("{text:?} reads, but its Display {printed:?} does not: {e}")
        });
        assert_eq!(reparsed, cmd, "{text:?} -> {printed:?} changes the command");
        assert_eq!(reparsed.to_string(), printed, "{printed:?} is not stable");
    }
});
