//! A GUI's commands: `shogi_usi_gui_command` and its accessors, and the
//! commands written as text.

use core::ffi::c_char;

use shogi::usi::{GameResult, GoParams, GuiCommand, MateLimit, PositionStart};

use crate::boundary::{
    arg_opt, arg_str, free_handle, into_handle, read_text, read_value, write_text,
};
use crate::game::{rules_arg, shogi_game, shogi_rules_config};
use crate::position::shogi_position;
use crate::result::shogi_result;

use super::*;

/// An opaque command from a GUI, read from one line by
/// `shogi_usi_gui_command_parse`; the caller frees it with
/// `shogi_usi_gui_command_free`, exactly once. It is only read after it is
/// made: it may be read from several threads at once, and moved between
/// threads.
#[allow(non_camel_case_types)]
pub struct shogi_usi_gui_command {
    inner: GuiCommand,
}

/// The kind of a GUI command (`shogi_usi_gui_command_kind`,
/// `shogi_usi_format_command`).
#[allow(non_camel_case_types)]
pub type shogi_usi_gui_kind = u8;
/// `usi`.
pub const SHOGI_USI_GUI_USI: shogi_usi_gui_kind = 0;
/// `isready`.
pub const SHOGI_USI_GUI_ISREADY: shogi_usi_gui_kind = 1;
/// `setoption name <name> [value <value>]`.
pub const SHOGI_USI_GUI_SETOPTION: shogi_usi_gui_kind = 2;
/// `usinewgame`.
pub const SHOGI_USI_GUI_USINEWGAME: shogi_usi_gui_kind = 3;
/// `position startpos|sfen <SFEN> [moves …]`.
pub const SHOGI_USI_GUI_POSITION: shogi_usi_gui_kind = 4;
/// `go …`.
pub const SHOGI_USI_GUI_GO: shogi_usi_gui_kind = 5;
/// `stop`.
pub const SHOGI_USI_GUI_STOP: shogi_usi_gui_kind = 6;
/// `ponderhit`.
pub const SHOGI_USI_GUI_PONDERHIT: shogi_usi_gui_kind = 7;
/// `gameover win|lose|draw`.
pub const SHOGI_USI_GUI_GAMEOVER: shogi_usi_gui_kind = 8;
/// `quit`.
pub const SHOGI_USI_GUI_QUIT: shogi_usi_gui_kind = 9;
/// A line whose first word is none of the above: kept as text.
pub const SHOGI_USI_GUI_UNKNOWN: shogi_usi_gui_kind = 10;

/// The result a `gameover` command tells the engine.
#[allow(non_camel_case_types)]
pub type shogi_usi_game_result = u8;
/// `gameover win`: the engine won.
pub const SHOGI_USI_GAME_WIN: shogi_usi_game_result = 0;
/// `gameover lose`: the engine lost.
pub const SHOGI_USI_GAME_LOSE: shogi_usi_game_result = 1;
/// `gameover draw`.
pub const SHOGI_USI_GAME_DRAW: shogi_usi_game_result = 2;

/// The mate search limit of `go mate`.
#[allow(non_camel_case_types)]
pub type shogi_usi_mate_limit = u8;
/// No `mate`: an ordinary search.
pub const SHOGI_USI_MATE_NONE: shogi_usi_mate_limit = 0;
/// `go mate <ms>`: a mate search of `mate_ms` milliseconds.
pub const SHOGI_USI_MATE_MILLIS: shogi_usi_mate_limit = 1;
/// `go mate infinite`.
pub const SHOGI_USI_MATE_INFINITE: shogi_usi_mate_limit = 2;

/// The parameters of `go` (`shogi_usi_gui_command_go`,
/// `shogi_usi_format_go`): each with a flag saying whether it is given (a
/// value not given is 0 and not written). Times are in milliseconds.
#[allow(non_camel_case_types)]
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct shogi_usi_go {
    /// Whether `btime` is given.
    pub has_btime: bool,
    /// `btime`: Sente's remaining time.
    pub btime: u64,
    /// Whether `wtime` is given.
    pub has_wtime: bool,
    /// `wtime`: Gote's remaining time.
    pub wtime: u64,
    /// Whether `byoyomi` is given.
    pub has_byoyomi: bool,
    /// `byoyomi`: the time per move after the main time.
    pub byoyomi: u64,
    /// Whether `binc` is given.
    pub has_binc: bool,
    /// `binc`: Sente's increment per move.
    pub binc: u64,
    /// Whether `winc` is given.
    pub has_winc: bool,
    /// `winc`: Gote's increment per move.
    pub winc: u64,
    /// `ponder`: search in the opponent's time.
    pub ponder: bool,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `mate`: none, a time limit, or infinite.
    pub mate: shogi_usi_mate_limit,
    /// The time limit of `SHOGI_USI_MATE_MILLIS` (0 otherwise).
    pub mate_ms: u64,
    /// Whether `depth` is given.
    pub has_depth: bool,
    /// `depth`: the depth limit in plies.
    pub depth: u32,
    /// Whether `nodes` is given.
    pub has_nodes: bool,
    /// `nodes`: the node limit.
    pub nodes: u64,
    /// Whether `movetime` is given.
    pub has_movetime: bool,
    /// `movetime`: the time to search.
    pub movetime: u64,
}

/// Reads one line a GUI sent (without its line break: whitespace around the
/// line is ignored) into a new handle written to `*out`; the caller frees it
/// with `shogi_usi_gui_command_free`. A line whose first word is unknown
/// reads as `SHOGI_USI_GUI_UNKNOWN`. A `position` command's moves are read
/// as USI moves but not played (`shogi_usi_gui_command_position_replay`
/// plays them).
///
/// Errors, and `*err_or_null`, as for `shogi_usi_engine_message_parse`; a
/// malformed `position` command is `SHOGI_RESULT_USI_MESSAGE_POSITION`, with
/// the reason in `err_or_null->reason`. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_parse(
    line: *const c_char,
    line_len: usize,
    out: *mut *mut shogi_usi_gui_command,
    err_or_null: *mut shogi_usi_error,
) -> shogi_result {
    parse_into(line, line_len, out, err_or_null, |text| {
        GuiCommand::parse(text).map(|inner| shogi_usi_gui_command { inner })
    })
}

/// Frees a GUI command. NULL is ignored. Infallible.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_free(cmd: *mut shogi_usi_gui_command) {
    ffi_fn!(infallible(), { free_handle(cmd) })
}

/// Writes the kind of `cmd` to `*out`. `SHOGI_RESULT_NULL_PARAMETER` if a
/// pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_kind(
    cmd: *const shogi_usi_gui_command,
    out: *mut shogi_usi_gui_kind,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        Ok(match &cmd.inner {
            GuiCommand::Usi => SHOGI_USI_GUI_USI,
            GuiCommand::IsReady => SHOGI_USI_GUI_ISREADY,
            GuiCommand::SetOption { .. } => SHOGI_USI_GUI_SETOPTION,
            GuiCommand::UsiNewGame => SHOGI_USI_GUI_USINEWGAME,
            GuiCommand::Position(_) => SHOGI_USI_GUI_POSITION,
            GuiCommand::Go(_) => SHOGI_USI_GUI_GO,
            GuiCommand::Stop => SHOGI_USI_GUI_STOP,
            GuiCommand::PonderHit => SHOGI_USI_GUI_PONDERHIT,
            GuiCommand::GameOver(_) => SHOGI_USI_GUI_GAMEOVER,
            GuiCommand::Quit => SHOGI_USI_GUI_QUIT,
            _ => SHOGI_USI_GUI_UNKNOWN,
        })
    })
}

/// Writes the canonical line of `cmd` (single-spaced, no line break; reading
/// it gives the same command) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_to_text(
    cmd: *const shogi_usi_gui_command,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| Ok(cmd.inner.to_string()))
}

/// Writes the name of a `setoption` command into `buf` (buffer convention as
/// for `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT` for a
/// command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_setoption_name(
    cmd: *const shogi_usi_gui_command,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| match &cmd.inner {
        GuiCommand::SetOption { name, .. } => Ok(name.clone()),
        _ => Err(shogi_result::InvalidArgument),
    })
}

/// Writes the value of a `setoption` command (empty for `<empty>`) into
/// `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_NOT_FOUND` when the command has no `value` (a button),
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_setoption_value(
    cmd: *const shogi_usi_gui_command,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| match &cmd.inner {
        GuiCommand::SetOption { value, .. } => value.clone().ok_or(shogi_result::NotFound),
        _ => Err(shogi_result::InvalidArgument),
    })
}

/// Writes the parameters of a `go` command to `*out` (its unknown fields are
/// kept in the command's text, `shogi_usi_gui_command_to_text`).
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind,
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_go(
    cmd: *const shogi_usi_gui_command,
    out: *mut shogi_usi_go,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let GuiCommand::Go(go) = &cmd.inner else {
            return Err(shogi_result::InvalidArgument);
        };
        let (mate, mate_ms) = match go.mate {
            None => (SHOGI_USI_MATE_NONE, 0),
            Some(MateLimit::Millis(ms)) => (SHOGI_USI_MATE_MILLIS, ms),
            Some(MateLimit::Infinite) => (SHOGI_USI_MATE_INFINITE, 0),
        };
        Ok(shogi_usi_go {
            has_btime: go.btime.is_some(),
            btime: go.btime.unwrap_or(0),
            has_wtime: go.wtime.is_some(),
            wtime: go.wtime.unwrap_or(0),
            has_byoyomi: go.byoyomi.is_some(),
            byoyomi: go.byoyomi.unwrap_or(0),
            has_binc: go.binc.is_some(),
            binc: go.binc.unwrap_or(0),
            has_winc: go.winc.is_some(),
            winc: go.winc.unwrap_or(0),
            ponder: go.ponder,
            infinite: go.infinite,
            mate,
            mate_ms,
            has_depth: go.depth.is_some(),
            depth: go.depth.unwrap_or(0),
            has_nodes: go.nodes.is_some(),
            nodes: go.nodes.unwrap_or(0),
            has_movetime: go.movetime.is_some(),
            movetime: go.movetime.unwrap_or(0),
        })
    })
}

/// The `position` of `cmd`, or `SHOGI_RESULT_INVALID_ARGUMENT`.
fn position_of(cmd: &shogi_usi_gui_command) -> Result<&shogi::usi::GuiPosition, shogi_result> {
    match &cmd.inner {
        GuiCommand::Position(position) => Ok(position),
        _ => Err(shogi_result::InvalidArgument),
    }
}

/// Writes whether a `position` command starts from `startpos` (rather than
/// `sfen …`) to `*out`. `SHOGI_RESULT_INVALID_ARGUMENT` for a command of
/// another kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_is_startpos(
    cmd: *const shogi_usi_gui_command,
    out: *mut bool,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        Ok(matches!(position_of(cmd)?.start, PositionStart::Startpos))
    })
}

/// Makes a new position handle holding the start position of a `position`
/// command (before its moves) and writes it to `*out`; the caller frees it
/// with `shogi_position_free`. `SHOGI_RESULT_INVALID_ARGUMENT` for a command
/// of another kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL.
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_start(
    cmd: *const shogi_usi_gui_command,
    out: *mut *mut shogi_position,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let start = position_of(cmd)?.start_position();
        Ok(into_handle(shogi_position::new(start)))
    })
}

/// Writes the number of moves of a `position` command to `*out`.
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind,
/// `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_move_count(
    cmd: *const shogi_usi_gui_command,
    out: *mut usize,
) -> shogi_result {
    read_value(cmd, out, |cmd| Ok(position_of(cmd)?.moves.len()))
}

/// Writes the move `index` (0-based) of a `position` command as USI text into
/// `buf` (buffer convention as for `shogi_position_to_sfen`).
/// `SHOGI_RESULT_NOT_FOUND` for an index out of range,
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_move(
    cmd: *const shogi_usi_gui_command,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(cmd, buf, buf_len, out_len, |cmd| {
        let m = position_of(cmd)?
            .moves
            .get(index)
            .ok_or(shogi_result::NotFound)?;
        Ok(m.to_string())
    })
}

/// Plays the moves of a `position` command from its start and writes a new
/// position handle holding the position after them to `*out` (its moves may
/// be taken back with `shogi_position_undo`); the caller frees it with
/// `shogi_position_free`.
///
/// Errors (`*out` untouched): `SHOGI_RESULT_ILLEGAL_*` with the reason for an
/// illegal move, `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another
/// kind, `SHOGI_RESULT_NULL_PARAMETER` if a pointer is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_replay(
    cmd: *const shogi_usi_gui_command,
    out: *mut *mut shogi_position,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let position = position_of(cmd)?;
        let mut handle = shogi_position::new(position.start_position());
        for &usi in &position.moves {
            let m = handle.inner.to_move(usi)?;
            handle.play(m);
        }
        Ok(into_handle(handle))
    })
}

/// Replays a `position` command as a game under `rules_or_null` (the site
/// rules if NULL), as `shogi_game_from_usi` does with its text, and writes
/// the new handle to `*out`; the caller frees it with `shogi_game_free`.
/// Errors (`*out` untouched): those of `shogi_game_from_usi`, and
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_position_game(
    cmd: *const shogi_usi_gui_command,
    rules_or_null: *const shogi_rules_config,
    out: *mut *mut shogi_game,
) -> shogi_result {
    read_value(cmd, out, |cmd| {
        let position = position_of(cmd)?;
        let rules = rules_arg(rules_or_null)?;
        let game = position.to_game(rules)?;
        Ok(into_handle(shogi_game { inner: game }))
    })
}

/// Writes the result of a `gameover` command to `*out`.
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a command of another kind (or a result
/// this version does not name), `SHOGI_RESULT_NULL_PARAMETER` if a pointer
/// is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_gui_command_gameover(
    cmd: *const shogi_usi_gui_command,
    out: *mut shogi_usi_game_result,
) -> shogi_result {
    read_value(cmd, out, |cmd| match &cmd.inner {
        GuiCommand::GameOver(GameResult::Win) => Ok(SHOGI_USI_GAME_WIN),
        GuiCommand::GameOver(GameResult::Lose) => Ok(SHOGI_USI_GAME_LOSE),
        GuiCommand::GameOver(GameResult::Draw) => Ok(SHOGI_USI_GAME_DRAW),
        _ => Err(shogi_result::InvalidArgument),
    })
}

// ---------------------------------------------------------------------------
// Writing commands.

/// Writes a command without arguments (`SHOGI_USI_GUI_USI`, `_ISREADY`,
/// `_USINEWGAME`, `_STOP`, `_PONDERHIT`, `_QUIT`) as its line (`isready`, no
/// line break) into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT` for any other
/// kind (`shogi_usi_format_setoption`, `shogi_game_to_usi`,
/// `shogi_usi_format_go` and `shogi_usi_format_gameover` write those).
/// Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_command(
    kind: shogi_usi_gui_kind,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    write_text(buf, buf_len, out_len, || {
        let cmd = match kind {
            SHOGI_USI_GUI_USI => GuiCommand::Usi,
            SHOGI_USI_GUI_ISREADY => GuiCommand::IsReady,
            SHOGI_USI_GUI_USINEWGAME => GuiCommand::UsiNewGame,
            SHOGI_USI_GUI_STOP => GuiCommand::Stop,
            SHOGI_USI_GUI_PONDERHIT => GuiCommand::PonderHit,
            SHOGI_USI_GUI_QUIT => GuiCommand::Quit,
            _ => return Err(shogi_result::InvalidArgument),
        };
        Ok(cmd.to_string())
    })
}

/// Writes `gameover win|lose|draw` into `buf` (buffer convention as for
/// `shogi_position_to_sfen`). `SHOGI_RESULT_INVALID_ARGUMENT` for a `result`
/// that is not a `SHOGI_USI_GAME_*` value. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_gameover(
    result: shogi_usi_game_result,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    write_text(buf, buf_len, out_len, || {
        let result = match result {
            SHOGI_USI_GAME_WIN => GameResult::Win,
            SHOGI_USI_GAME_LOSE => GameResult::Lose,
            SHOGI_USI_GAME_DRAW => GameResult::Draw,
            _ => return Err(shogi_result::InvalidArgument),
        };
        Ok(GuiCommand::GameOver(result).to_string())
    })
}

/// Writes the `go` command of `params` into `buf` (buffer convention as for
/// `shogi_position_to_sfen`): the fields whose flag is set, in the canonical
/// order (`go btime 1000 wtime 1000 byoyomi 3000`); reading it gives the same
/// parameters. `SHOGI_RESULT_INVALID_ARGUMENT` for a `mate` that is not a
/// `SHOGI_USI_MATE_*` value, `SHOGI_RESULT_NULL_PARAMETER` if `params` or
/// `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_go(
    params: *const shogi_usi_go,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    read_text(params, buf, buf_len, out_len, |p| {
        let given = |has: bool, value: u64| has.then_some(value);
        let mate = match p.mate {
            SHOGI_USI_MATE_NONE => None,
            SHOGI_USI_MATE_MILLIS => Some(MateLimit::Millis(p.mate_ms)),
            SHOGI_USI_MATE_INFINITE => Some(MateLimit::Infinite),
            _ => return Err(shogi_result::InvalidArgument),
        };
        let go = GoParams {
            btime: given(p.has_btime, p.btime),
            wtime: given(p.has_wtime, p.wtime),
            byoyomi: given(p.has_byoyomi, p.byoyomi),
            binc: given(p.has_binc, p.binc),
            winc: given(p.has_winc, p.winc),
            ponder: p.ponder,
            infinite: p.infinite,
            mate,
            depth: p.has_depth.then_some(p.depth),
            nodes: given(p.has_nodes, p.nodes),
            movetime: given(p.has_movetime, p.movetime),
            extra: Vec::new(),
        };
        Ok(GuiCommand::Go(go).to_string())
    })
}

/// Writes `setoption name <name> [value <value>]` into `buf` (buffer
/// convention as for `shogi_position_to_sfen`); without `value` when
/// `value_or_null` is NULL (a button), `value <empty>` for an empty value.
/// Reading it gives the same name and value when the name is its words
/// joined by single spaces and holds no word `value`.
///
/// `SHOGI_RESULT_INVALID_ARGUMENT` for a name without a word, or a name or
/// value holding a line break; `SHOGI_RESULT_INVALID_UTF8`;
/// `SHOGI_RESULT_NULL_PARAMETER` if `name` or `out_len` is NULL. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_usi_format_setoption(
    name: *const c_char,
    name_len: usize,
    value_or_null: *const c_char,
    value_len: usize,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    write_text(buf, buf_len, out_len, || {
        let name = arg_str(name, name_len)?;
        let value = match arg_opt(value_or_null) {
            Some(_) => Some(arg_str(value_or_null, value_len)?),
            None => None,
        };
        let breaks = |t: &str| t.contains(['\n', '\r']);
        if name.trim().is_empty() || breaks(name) || value.is_some_and(breaks) {
            return Err(shogi_result::InvalidArgument);
        }
        let cmd = GuiCommand::SetOption {
            name: name.into(),
            value: value.map(Into::into),
        };
        Ok(cmd.to_string())
    })
}
