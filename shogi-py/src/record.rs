//! The game record: its model (headers, start, moves with times and comments, variations,
//! ending), editing it move by move, writing it in every format, and pickling.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use shogi_rules::record::{self as core, Encoding};

use crate::annotation::{
    Comment, MoveTime, comment_arg, comments_arg, comments_of, end_comments_of, end_time_of,
    line_comments, move_times_of, special_arg, time_arg, times_of,
};
use crate::errors::{self, ShogiError};
use crate::game::{Game, Outcome};
use crate::interrupt::Signals;
use crate::moves::{MoveArg, move_list};
use crate::position::{Position, PositionArg};
use crate::read::{ReadLimits, encoding_arg, format_arg, read_record_file};
use crate::rules::RuleSet;
use crate::state::{Ref, StateCell};
use crate::types::quote;
use crate::variation::{Variation, edit_error, line_arg, move_index, variations_of};

/// What a `GameRecord` object holds.
pub struct RecordState {
    /// The record: shared with a write running without the GIL, and copied by the next change
    /// while it is (`Arc::make_mut`).
    pub(crate) record: Arc<core::GameRecord>,
    /// Counts the changes that number the variations again (a variation removed): a
    /// `Variation` taken before one names no line any more.
    pub(crate) generation: u64,
}

/// A game record read from (or written to) KIF, KI2, CSA, JKF or USI, or built move by move.
/// Every move was checked against the rules when it was read or added.
#[pyclass(frozen, module = "shogi_rules._core")]
pub struct GameRecord {
    /// Borrowed by each method for as long as it reads or changes the record.
    state: StateCell<RecordState>,
}

impl From<core::GameRecord> for GameRecord {
    fn from(inner: core::GameRecord) -> GameRecord {
        GameRecord {
            state: StateCell::new(RecordState {
                record: Arc::new(inner),
                generation: 0,
            }),
        }
    }
}

impl GameRecord {
    /// The state, borrowed (see `StateCell`).
    pub(crate) fn state(&self) -> PyResult<Ref<'_, RecordState>> {
        self.state.borrow()
    }

    /// The record, to change (copied first if a write still reads it).
    pub(crate) fn edit<R>(&self, f: impl FnOnce(&mut core::GameRecord) -> R) -> PyResult<R> {
        let mut state = self.state.borrow_mut()?;
        Ok(f(Arc::make_mut(&mut state.record)))
    }

    /// The record, shared.
    pub(crate) fn record(&self) -> PyResult<Arc<core::GameRecord>> {
        Ok(Arc::clone(&self.state()?.record))
    }
}

/// A header of the core from a name and a value.
fn header_arg(name: &str, value: &str) -> PyResult<core::Header> {
    core::Header::new(name, value).ok_or_else(|| {
        ShogiError::new_err(format!(
            "{} is not a header name a record file can hold (empty, or with a line break or a colon)",
            quote(name)
        ))
    })
}

#[pymethods]
impl GameRecord {
    /// An empty record (no headers, comments or moves) from `start` (a `Position` or SFEN; the
    /// standard start position by default).
    #[new]
    #[pyo3(signature = (start=None))]
    fn py_new(start: Option<PositionArg>) -> PyResult<GameRecord> {
        let start = start.map_or_else(shogi_rules::Position::startpos, |p| p.0);
        if start.move_number() > core::MAX_MOVE_NUMBER {
            return Err(ShogiError::new_err(format!(
                "the start's move number is above {}, which no record file holds",
                core::MAX_MOVE_NUMBER
            )));
        }
        Ok(core::GameRecord::new(start).into())
    }

    /// The record of a game: its start, its moves and its result.
    #[staticmethod]
    fn from_game(game: PyRef<'_, Game>) -> PyResult<GameRecord> {
        Ok(core::GameRecord::from_game(&game.inner).into())
    }

    /// Reads the game record in the file at `path`, as `read_record_file`.
    #[staticmethod]
    #[pyo3(signature = (path, format=None, *, limits=None))]
    fn from_file(
        py: Python<'_>,
        path: PathBuf,
        format: Option<&str>,
        limits: Option<ReadLimits>,
    ) -> PyResult<GameRecord> {
        read_record_file(py, path, format, limits)
    }

    /// The main line's moves in `notation`: `"usi"` (`7g7f`), `"western"` (`P-7f`),
    /// `"japanese"` (`▲７六歩`, `△同　銀`, as in KI2 files), `"kif"` (`７六歩(77)`) or `"csa"`
    /// (`+7776FU`).
    #[pyo3(signature = (notation="usi"))]
    fn notation(&self, notation: &str) -> PyResult<Vec<String>> {
        let notation: shogi_rules::notation::Notation =
            notation.parse().map_err(|e| errors::name_error(&e))?;
        let record = self.record()?;
        Ok(notation.format_line(&record.start, &record.moves()))
    }

    /// The record as plain values, for `json.dumps` or a row of a `pandas.DataFrame`:
    /// `headers` (as `headers`), `start` (SFEN), `handicap`, `moves` (USI), `times` (seconds
    /// or `None`), `comments` (dicts of `ply`, `kind` and `text`), `end` (as `end`) and
    /// `result` (`None`, or a dict of `winner` — `"sente"`, `"gote"` or `None` — and
    /// `termination`), all of the main line.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let record = self.record()?;
        let dict = PyDict::new(py);
        dict.set_item("headers", self.headers(py)?)?;
        dict.set_item("start", record.start.to_sfen())?;
        dict.set_item("handicap", record.handicap.map(|h| h.kif_name()))?;
        dict.set_item("moves", self.moves_usi(py)?)?;
        dict.set_item("times", times_of(&record.main))?;
        let comments = PyList::empty(py);
        for c in self.comments()? {
            let item = PyDict::new(py);
            item.set_item("ply", c.ply)?;
            item.set_item("kind", &c.kind)?;
            item.set_item("text", &c.text)?;
            comments.append(item)?;
        }
        dict.set_item("comments", comments)?;
        dict.set_item("end", record.main.end.as_ref().map(|e| e.special.as_str()))?;
        let result = match record.stated_result() {
            Some(o) => {
                let item = PyDict::new(py);
                item.set_item("winner", o.winner.map(|c| c.as_str()))?;
                item.set_item("termination", o.termination.as_str())?;
                Some(item)
            }
            None => None,
        };
        dict.set_item("result", result)?;
        Ok(dict)
    }

    /// The headers in file order, keyed as written (`"先手"`, `"$EVENT"`, …); the first of
    /// repeated keys wins.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for h in &self.state()?.record.headers {
            if !dict.contains(&h.name)? {
                dict.set_item(&h.name, &h.value)?;
            }
        }
        Ok(dict)
    }

    /// The headers as `(key as written, value)` pairs in file order, repeats included.
    #[getter]
    fn header_list(&self) -> PyResult<Vec<(String, String)>> {
        Ok(self
            .state()?
            .record
            .headers
            .iter()
            .map(|h| (h.name.clone(), h.value.clone()))
            .collect())
    }

    /// Sets header `name` to `value`: the first header of that name keeps its place (later
    /// ones of that name are removed), or the header is appended.
    fn set_header(&self, name: &str, value: &str) -> PyResult<()> {
        let header = header_arg(name, value)?;
        self.edit(|r| r.set_header(header))
    }

    /// Appends header `name` with `value`, even when one of that name exists.
    fn add_header(&self, name: &str, value: &str) -> PyResult<()> {
        let header = header_arg(name, value)?;
        self.edit(|r| r.headers.push(header))
    }

    /// Removes every header named `name`; `KeyError` when there is none.
    fn remove_header(&self, name: &str) -> PyResult<()> {
        match self.edit(|r| r.remove_header(name))? {
            0 => Err(PyKeyError::new_err(name.to_owned())),
            _ => Ok(()),
        }
    }

    /// The player of `color` (`Color.SENTE` or `Color.GOTE`) as the headers name it, or `None`.
    fn player(&self, color: crate::types::ColorArg) -> PyResult<Option<String>> {
        let key = match color.0 {
            shogi_rules::Color::Sente => core::HeaderKey::Sente,
            shogi_rules::Color::Gote => core::HeaderKey::Gote,
        };
        Ok(self.state()?.record.header(key).map(str::to_owned))
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyResult<Position> {
        Ok(self.state()?.record.start.clone().into())
    }

    /// The handicap name of the start position (KIF 手合割, such as `"平手"`), when standard.
    #[getter]
    fn handicap(&self) -> PyResult<Option<&'static str>> {
        Ok(self.state()?.record.handicap.map(|h| h.kif_name()))
    }

    /// The moves of the main line.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.state()?.record.moves();
        move_list(py, &moves)
    }

    /// The main line's moves as USI text.
    fn moves_usi<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.state()?.record.moves();
        PyList::new(
            py,
            moves.into_iter().map(|m| crate::moves::usi_string(py, m)),
        )
    }

    /// Seconds used by each move of the main line, `None` where the record gives no time.
    #[getter]
    fn times(&self) -> PyResult<Vec<Option<f64>>> {
        Ok(times_of(&self.state()?.record.main))
    }

    /// The time of each move of the main line (used and running total), `None` where the
    /// record gives none.
    #[getter]
    fn move_times(&self) -> PyResult<Vec<Option<MoveTime>>> {
        Ok(move_times_of(&self.state()?.record.main))
    }

    /// The comments of the main line in order: on the start position, after each move, and
    /// after the stated ending.
    #[getter]
    fn comments(&self) -> PyResult<Vec<Comment>> {
        let state = self.state()?;
        let mut out = Vec::new();
        comments_of(0, &state.record.start_comments, &mut out);
        line_comments(&state.record.main, 1, &mut out);
        Ok(out)
    }

    /// The variations branching from the main line, in order of the move they replace.
    #[getter]
    fn variations(slf: &Bound<'_, Self>) -> PyResult<Py<PyList>> {
        let py = slf.py();
        let state = slf.get().state()?;
        variations_of(py, &slf.clone().unbind(), &state, core::LineId::MAIN, 1)
    }

    /// How the record says the main line ends (`"resign"`, `"time_up"`, `"repetition"`, …), or
    /// `None`.
    #[getter]
    fn end(&self) -> PyResult<Option<&'static str>> {
        Ok(self
            .state()?
            .record
            .main
            .end
            .as_ref()
            .map(|e| e.special.as_str()))
    }

    /// The time taken before the main line's end, or `None`.
    #[getter]
    fn end_time(&self) -> PyResult<Option<MoveTime>> {
        Ok(end_time_of(&self.state()?.record.main))
    }

    /// The comments after the main line's end (the last ones of `comments`).
    #[getter]
    fn end_comments(&self) -> PyResult<Vec<Comment>> {
        Ok(end_comments_of(&self.state()?.record.main, 1))
    }

    /// The result the record states, or `None` when it states none.
    #[getter]
    fn stated_result(&self) -> PyResult<Option<Outcome>> {
        Ok(self.state()?.record.stated_result().map(Outcome))
    }

    /// The position after the main line.
    fn final_position(&self) -> PyResult<Position> {
        Ok(self.state()?.record.final_position().into())
    }

    /// Appends `move` (a `Move` or USI text) to the main line, or to `line` (a `Variation` of
    /// this record), after checking that it is legal there; with its `time` (a `MoveTime` or
    /// the seconds used) and `comments` (`str` or `Comment`). Returns the move.
    #[pyo3(signature = (r#move, time=None, comments=None, *, line=None))]
    fn push(
        slf: &Bound<'_, Self>,
        r#move: MoveArg,
        time: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<crate::moves::Move> {
        let py = slf.py();
        let (id, _) = line_arg(slf, line)?;
        let time = time_arg(time)?;
        let comments = comments_arg(comments)?;
        let this = slf.get();
        let m = match r#move {
            MoveArg::Move(m) => m,
            MoveArg::Usi(text) => {
                let record = this.record()?;
                let len = record.line(id).map_or(0, |l| l.moves.len());
                let pos = record
                    .position_before(id, len)
                    .ok_or_else(|| ShogiError::new_err("the variation is not in its record"))?;
                pos.parse_usi_move(&text)
                    .map_err(|e| errors::usi_move_error(py, &e))?
            }
        };
        let mut pushed = core::RecordMove::new(m);
        pushed.time = time;
        pushed.comments = comments;
        this.edit(|r| r.push(id, pushed))?
            .map_err(|e| edit_error(py, e))?;
        Ok(m.into())
    }

    /// Sets the time of the move at `ply` (of the main line, or of `line`): a `MoveTime`, the
    /// seconds used, or `None` to remove it.
    #[pyo3(signature = (ply, time, *, line=None))]
    fn set_time(
        slf: &Bound<'_, Self>,
        ply: u32,
        time: Option<&Bound<'_, PyAny>>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, first) = line_arg(slf, line)?;
        let time = time_arg(time)?;
        let this = slf.get();
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        drop(record);
        this.edit(|r| {
            if let Some(m) = r.line_mut(id).and_then(|l| l.moves.get_mut(index)) {
                m.time = time;
            }
        })
    }

    /// Appends a comment of `kind` (`"normal"`, `"engine"` or `"bookmark"`) with one line of
    /// `text` at `ply` as `Comment.ply` counts it: after the move at `ply` of the main line (or
    /// of `line`), and on the start position for ply 0 of the main line.
    #[pyo3(signature = (ply, text, kind="normal", *, line=None))]
    fn add_comment(
        slf: &Bound<'_, Self>,
        ply: u32,
        text: &str,
        kind: &str,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, first) = line_arg(slf, line)?;
        let comment = comment_arg(text, kind)?;
        let this = slf.get();
        if id == core::LineId::MAIN && ply == 0 {
            return this.edit(|r| r.start_comments.push(comment));
        }
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        drop(record);
        this.edit(|r| {
            if let Some(m) = r.line_mut(id).and_then(|l| l.moves.get_mut(index)) {
                m.comments.push(comment);
            }
        })
    }

    /// Removes the comments at `ply` (as `add_comment` places them).
    #[pyo3(signature = (ply, *, line=None))]
    fn clear_comments(
        slf: &Bound<'_, Self>,
        ply: u32,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, first) = line_arg(slf, line)?;
        let this = slf.get();
        if id == core::LineId::MAIN && ply == 0 {
            return this.edit(|r| r.start_comments.clear());
        }
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        drop(record);
        this.edit(|r| {
            if let Some(m) = r.line_mut(id).and_then(|l| l.moves.get_mut(index)) {
                m.comments.clear();
            }
        })
    }

    /// States how the main line (or `line`) ends: `special` (`"resign"`, `"time_up"`, …; see
    /// `end`), the `time` taken before it and the `comments` after it (which replace those
    /// there were); `None` removes the end. The end is not checked against the position.
    #[pyo3(signature = (special, time=None, comments=None, *, line=None))]
    fn set_end(
        slf: &Bound<'_, Self>,
        special: Option<&str>,
        time: Option<&Bound<'_, PyAny>>,
        comments: Option<&Bound<'_, PyAny>>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<()> {
        let (id, _) = line_arg(slf, line)?;
        let special = special_arg(special)?;
        let time = time_arg(time)?;
        let comments = comments_arg(comments)?;
        slf.get().edit(|r| {
            if let Some(l) = r.line_mut(id) {
                l.end = special.map(|special| {
                    let mut end = core::LineEnd::new(special);
                    end.time = time;
                    end.comments = comments;
                    end
                });
            }
        })
    }

    /// Adds a variation replacing the move at `ply` of the main line (or of `line`), after the
    /// variations that move has, with `moves` (`Move` or USI text; each checked legal where it
    /// is played), and returns it. On an illegal move nothing is added.
    #[pyo3(signature = (ply, moves, *, line=None))]
    fn add_variation(
        slf: &Bound<'_, Self>,
        ply: u32,
        moves: &Bound<'_, PyAny>,
        line: Option<&Bound<'_, Variation>>,
    ) -> PyResult<Variation> {
        let py = slf.py();
        let (id, first) = line_arg(slf, line)?;
        let moves: Vec<MoveArg> = moves
            .try_iter()?
            .map(|m| m?.extract::<MoveArg>())
            .collect::<PyResult<_>>()?;
        let this = slf.get();
        let record = this.record()?;
        let index = move_index(&record, id, first, ply)?;
        // The moves resolved and played on a copy of the position (a move illegal there stops
        // here); the core checks each again as it adds it, and a refused one (a number too
        // large) takes the new variation away again: the last line added, so no other is
        // numbered again.
        let mut pos = record
            .position_before(id, index)
            .ok_or_else(|| ShogiError::new_err("the variation is not in its record"))?;
        drop(record);
        let mut resolved = Vec::with_capacity(moves.len());
        for m in moves {
            let m = match m {
                MoveArg::Move(m) => m,
                MoveArg::Usi(text) => pos
                    .parse_usi_move(&text)
                    .map_err(|e| errors::usi_move_error(py, &e))?,
            };
            pos.play(m)
                .map_err(|e| errors::illegal_move_error(py, &e))?;
            resolved.push(m);
        }
        let new = this
            .edit(|r| {
                let Some((&first, rest)) = resolved.split_first() else {
                    return r
                        .add_variation(id, index, core::Line::default())
                        .ok_or(core::EditError::NoMove { index });
                };
                let new = r.branch(id, index, core::RecordMove::new(first))?;
                for &m in rest {
                    if let Err(e) = r.push(new, core::RecordMove::new(m)) {
                        r.remove_variation(new);
                        return Err(e);
                    }
                }
                Ok(new)
            })?
            .map_err(|e| edit_error(py, e))?;
        let state = this.state()?;
        Ok(Variation {
            record: slf.clone().unbind(),
            id: new,
            generation: state.generation,
            base: 1,
        })
    }

    /// Removes `variation` (of this record) and the variations below it. Every `Variation`
    /// taken before names no line afterwards: take them again from `variations`.
    fn remove_variation(slf: &Bound<'_, Self>, variation: &Bound<'_, Variation>) -> PyResult<()> {
        let (id, _) = line_arg(slf, Some(variation))?;
        if id == core::LineId::MAIN {
            return Err(ShogiError::new_err(
                "a restored variation is its record's main line",
            ));
        }
        let mut state = slf.get().state.borrow_mut()?;
        Arc::make_mut(&mut state.record).remove_variation(id);
        state.generation += 1;
        Ok(())
    }

    /// The rules the record states the game was played under: the site rules with the move
    /// limit and the impasse rule its headers state (floodgate's `'Max_Moves:256`, CSA
    /// `$MAX_MOVES`, KIF 最大手数, ...) or a move-limit ending implies.
    #[getter]
    fn rules(&self) -> PyResult<RuleSet> {
        Ok(RuleSet(self.state()?.record.rules()))
    }

    /// The main line replayed as a `Game` under `rules` (by default the rules the record
    /// states, `.rules`), with the stated ending applied where only the record can know it
    /// (resignation, time loss, ...).
    #[pyo3(signature = (rules=None))]
    fn game(&self, py: Python<'_>, rules: Option<RuleSet>) -> PyResult<Game> {
        let state = self.state()?;
        let rules = rules.map_or_else(|| state.record.rules(), |r| r.0);
        state
            .record
            .game_with(rules)
            .map(Game::from)
            .map_err(|e| errors::game_error(py, &e))
    }

    /// What writing the record as `format` leaves out because the format cannot hold it: a
    /// list of `(kind, description)` pairs, `kind` one of `"variations"`, `"times"`,
    /// `"time_fractions"`, `"total_times"`, `"comments"`, `"header"`, `"header_value"`,
    /// `"move_number"`, `"ending"`. Empty when reading the written record back gives it again.
    fn dropped(&self, py: Python<'_>, format: &str) -> PyResult<Vec<(&'static str, String)>> {
        let format = format_arg(format)?;
        let state = self.state()?;
        let written = state
            .record
            .write(format)
            .map_err(|e| errors::record_error(py, &e, None))?;
        Ok(written
            .dropped
            .iter()
            .map(|d| (d.kind(), d.to_string()))
            .collect())
    }

    /// The record as `format` (`"kif"`, `"ki2"`, `"csa"`, `"jkf"` or `"usi"`): `bytes` in
    /// `encoding` (`"utf-8"`, `"cp932"` or `"euc-jp"`), or `str` when `encoding` is `None`.
    /// A large record is written without the GIL, and Ctrl-C stops the wait for it.
    #[pyo3(signature = (format, encoding=Some("utf-8")))]
    fn write<'py>(
        &self,
        py: Python<'py>,
        format: &str,
        encoding: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let format = format_arg(format)?;
        let encoding = encoding.map(encoding_arg).transpose()?;
        let record = self.record()?;
        let size = record.main.moves.len() + record.variation_count();
        let write = move || -> Result<Written, WriteError> {
            let text = record.write(format).map_err(WriteError::Record)?.text;
            match encoding {
                None => Ok(Written::Text(text)),
                Some(encoding) => core::encode(&text, encoding)
                    .map(Written::Bytes)
                    .map_err(|c| WriteError::Encoding(encoding, c)),
            }
        };
        let written = if size >= LARGE_RECORD {
            let mut signals = Signals::new(py);
            py.detach(|| signals.run(write))?
        } else {
            write()
        };
        match written {
            Ok(Written::Text(text)) => Ok(PyString::new(py, &text).into_any()),
            Ok(Written::Bytes(bytes)) => Ok(PyBytes::new(py, &bytes).into_any()),
            Err(WriteError::Record(e)) => Err(errors::record_error(py, &e, None)),
            Err(WriteError::Encoding(encoding, c)) => Err(ShogiError::new_err(format!(
                "{} cannot hold {c:?}",
                encoding.name()
            ))),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<GameRecord>() {
            Ok(o) => {
                let other = o.get().record()?;
                Ok(*self.record()? == *other)
            }
            Err(_) => Ok(false),
        }
    }

    fn __repr__(&self) -> PyResult<String> {
        let state = self.state()?;
        Ok(format!(
            "<GameRecord {} moves from {}>",
            state.record.main.moves.len(),
            quote(&state.record.start.to_sfen())
        ))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let state = serde_json::to_string(&SavedRecord::from(&*self.record()?))
            .map_err(|e| ShogiError::new_err(e.to_string()))?;
        let restore = py.get_type::<GameRecord>().getattr("_restore")?;
        Ok((restore, (state,)))
    }

    /// The record of a `__reduce__` state.
    #[staticmethod]
    fn _restore(state: &str) -> PyResult<GameRecord> {
        let saved: SavedRecord = serde_json::from_str(state)
            .map_err(|e| ShogiError::new_err(format!("not a saved record: {e}")))?;
        saved.into_record().map(GameRecord::from)
    }
}

/// Records from this many moves and variations on are written on a thread of their own.
const LARGE_RECORD: usize = 20_000;

/// A written record: text, or its bytes in an encoding.
enum Written {
    Text(String),
    Bytes(Vec<u8>),
}

/// Why a record could not be written.
enum WriteError {
    Record(core::RecordError),
    Encoding(Encoding, char),
}

/// The pickled form of a record: every field of the model, moves as their bits, lines in a
/// flat list (each variation after the line it branches from). Writing a record in a file
/// format and reading it back is not always the identity (KI2 has no times, a format may not
/// hold another's headers), so pickling does not go through one.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct SavedRecord {
    headers: Vec<core::Header>,
    start: String,
    handicap: Option<core::Handicap>,
    start_comments: Vec<core::Comment>,
    lines: Vec<SavedLine>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct SavedLine {
    /// For a variation: the index in `lines` of its parent and the index of the move it
    /// replaces.
    branch: Option<(usize, usize)>,
    moves: Vec<SavedMove>,
    end: Option<core::LineEnd>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct SavedMove {
    bits: u32,
    time: Option<core::MoveTime>,
    comments: Vec<core::Comment>,
}

impl From<&core::GameRecord> for SavedRecord {
    fn from(record: &core::GameRecord) -> SavedRecord {
        let mut index = std::collections::HashMap::new();
        let mut lines = Vec::new();
        for visit in record.walk(core::WalkOrder::EarliestFirst) {
            let branch = record
                .branch_point(visit.id)
                .and_then(|(parent, at)| Some((*index.get(&parent)?, at)));
            index.insert(visit.id, lines.len());
            lines.push(SavedLine {
                branch,
                moves: visit
                    .line
                    .moves
                    .iter()
                    .map(|m| SavedMove {
                        bits: m.mv.to_bits(),
                        time: m.time,
                        comments: m.comments.clone(),
                    })
                    .collect(),
                end: visit.line.end.clone(),
            });
        }
        SavedRecord {
            headers: record.headers.clone(),
            start: record.start.to_sfen(),
            handicap: record.handicap,
            start_comments: record.start_comments.clone(),
            lines,
        }
    }
}

impl SavedRecord {
    pub(crate) fn into_record(self) -> PyResult<core::GameRecord> {
        let bad = |what: &str| ShogiError::new_err(format!("not a saved record: {what}"));
        // Checked as the record readers check a start (composed positions allowed).
        let start = shogi_rules::Position::from_sfen_composed(&self.start)
            .map_err(|e| bad(&e.to_string()))?;
        if let Some(h) = self.handicap {
            if h.position() != start {
                return Err(bad(&format!(
                    "the handicap {} does not match the start position",
                    h.kif_name()
                )));
            }
        }
        let mut record = core::GameRecord::new(start);
        record.headers = self.headers;
        record.handicap = self.handicap;
        record.start_comments = self.start_comments;
        let mut ids: Vec<core::LineId> = Vec::with_capacity(self.lines.len());
        for (k, saved) in self.lines.into_iter().enumerate() {
            let moves = saved
                .moves
                .into_iter()
                .map(|m| {
                    let mut rm = core::RecordMove::new(
                        shogi_rules::Move::from_bits(m.bits).ok_or_else(|| bad("bad move"))?,
                    );
                    rm.time = m.time;
                    rm.comments = m.comments;
                    Ok(rm)
                })
                .collect::<PyResult<Vec<_>>>()?;
            let line = core::Line::new(moves, saved.end);
            let id = match (k, saved.branch) {
                (0, None) => {
                    record.main = line;
                    core::LineId::MAIN
                }
                (_, Some((parent, at))) if parent < k => record
                    .add_variation(ids[parent], at, line)
                    .ok_or_else(|| bad("a variation without its branch point"))?,
                _ => return Err(bad("lines out of order")),
            };
            ids.push(id);
        }
        check_lines(&record)?;
        Ok(record)
    }
}

/// Checks that every move of every line is legal where it is played, so that a restored
/// record holds what a reader would have accepted.
fn check_lines(record: &core::GameRecord) -> PyResult<()> {
    for visit in record.walk(core::WalkOrder::EarliestFirst) {
        let mut pos = visit.position;
        for m in &visit.line.moves {
            if pos.play(m.mv).is_err() {
                return Err(ShogiError::new_err(format!(
                    "not a saved record: {} is illegal in {}",
                    m.mv,
                    pos.to_sfen()
                )));
            }
        }
    }
    Ok(())
}
