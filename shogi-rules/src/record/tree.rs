//! The variation tree of a record, kept flat.
//!
//! Variations nest: a variation's own moves may have variations. A record
//! keeps them in one table of lines ([`LineId`] indexes it) rather than as
//! lines inside moves inside lines, so that no operation on a record —
//! reading, writing, comparing, cloning, dropping, walking — recurses as
//! deep as the variations nest. Whatever the input, the stack a record needs
//! is the same.
//!
//! A variation is attached to a move of its parent line (the *branch
//! point*): it starts from the position before that move and replaces it.
//! Variations of one move keep the order they were added in. A branch point
//! past the end of its line (the moves were removed through
//! [`GameRecord::line_mut`]) hides the variation and everything below it
//! from [`GameRecord::walk`] and the writers.
//!
//! A record is edited through its lines ([`GameRecord::line_mut`], which
//! checks nothing) or through the checked edits: [`GameRecord::push`] and
//! [`GameRecord::branch`] add moves only where they are legal, and
//! [`GameRecord::truncate`] and [`GameRecord::remove_variation`] take
//! variations away with the moves they branch from, so that no variation is
//! left hidden.

use std::rc::Rc;

use super::{GameRecord, Line, MAX_MOVE_NUMBER, RecordMove};
use crate::{IllegalMoveError, Move, Position};

/// A line of play of a [`GameRecord`]: the main line
/// ([`LineId::MAIN`]) or a variation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineId(u32);

impl LineId {
    /// The main line.
    pub const MAIN: LineId = LineId(0);

    /// The index of the line in the record's table (0 for the main line,
    /// variations from 1 in the order they were added).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The line at `index` of a record's table (see [`Self::index`]), or
    /// `None` when no record could have that many lines. Whether a record
    /// has it is for the record to say ([`GameRecord::line`]).
    #[must_use]
    pub fn from_index(index: usize) -> Option<LineId> {
        u32::try_from(index).ok().map(LineId)
    }
}

/// Why a checked edit of a record ([`GameRecord::push`],
/// [`GameRecord::branch`]) was refused. The record is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EditError {
    /// The record has no such line.
    #[error("the record has no line {}", .0.index())]
    NoLine(LineId),
    /// The line has no move at that index.
    #[error("the line has no move {index}")]
    NoMove {
        /// The 0-based index asked for.
        index: usize,
    },
    /// The line states its end: no move may follow it.
    #[error("a move follows the end of the line")]
    LineEnded,
    /// The move is illegal where it would be played.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The move would be numbered above [`MAX_MOVE_NUMBER`] (with the
    /// ending after it), which no reader reads back.
    #[error("move number too large (the limit is {max})")]
    NumberTooLarge {
        /// [`MAX_MOVE_NUMBER`].
        max: u32,
    },
}

/// A variation in a record's table.
#[derive(Clone, Debug)]
pub(crate) struct Variation {
    line: Line,
    /// The line it branches from, and the index of the move it replaces.
    parent: (LineId, u32),
    /// Nesting depth: 1 for a variation of the main line.
    depth: u32,
    /// How many plies its first move comes after the main line's first:
    /// the sum of the branch points' indices from the main line down.
    offset: u32,
}

/// The variations of a record and where each attaches.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    /// Variation `LineId(i)` is `variations[i - 1]`.
    variations: Vec<Variation>,
    /// For each line (main line first), its branch points in order of
    /// move index, then of addition: (move index, variation).
    forks: Vec<Vec<(u32, LineId)>>,
}

impl Tree {
    /// The number of variations.
    pub(crate) fn len(&self) -> usize {
        self.variations.len()
    }

    /// How many plies the first move of line `id` comes after the main
    /// line's first (0 for the main line or an unknown line).
    fn offset(&self, id: LineId) -> u32 {
        id.index()
            .checked_sub(1)
            .and_then(|i| self.variations.get(i))
            .map_or(0, |v| v.offset)
    }

    fn forks_of(&self, id: LineId) -> &[(u32, LineId)] {
        self.forks.get(id.index()).map_or(&[], Vec::as_slice)
    }

    /// Adds `line` as a variation replacing move `index` of `parent`, whose
    /// nesting depth is `parent_depth + 1`, after the variations of that
    /// move. With `sorted` false the branch point is appended to the
    /// parent's list, to be put in order by [`Tree::sort_forks`].
    pub(super) fn add(
        &mut self,
        parent: LineId,
        index: u32,
        parent_depth: u32,
        line: Line,
        sorted: bool,
    ) -> LineId {
        let id = LineId(u32::try_from(self.variations.len() + 1).unwrap_or(u32::MAX));
        let offset = self.offset(parent).saturating_add(index);
        self.variations.push(Variation {
            line,
            parent: (parent, index),
            depth: parent_depth + 1,
            offset,
        });
        if self.forks.len() <= parent.index() {
            self.forks.resize_with(parent.index() + 1, Vec::new);
        }
        let forks = &mut self.forks[parent.index()];
        let at = if sorted {
            forks.partition_point(|&(i, _)| i <= index)
        } else {
            forks.len()
        };
        forks.insert(at, (index, id));
        id
    }

    /// Removes the variations marked in `doomed` (indexed by line, the main
    /// line never marked; every variation below a marked one must be marked
    /// too) and numbers the others from 1 again, keeping their order.
    fn remove(&mut self, doomed: &[bool]) {
        let mut new_ids = Vec::with_capacity(doomed.len());
        let mut next = 0u32;
        for &gone in doomed {
            new_ids.push(LineId(next));
            if !gone {
                next += 1;
            }
        }
        let renumber = |id: LineId| new_ids.get(id.index()).copied().unwrap_or(id);
        let gone = |id: LineId| doomed.get(id.index()).copied().unwrap_or(false);
        let mut index = 0;
        self.variations.retain_mut(|v| {
            index += 1;
            v.parent.0 = renumber(v.parent.0);
            !gone(LineId(index))
        });
        let mut index = 0;
        self.forks.retain_mut(|forks| {
            let keep = !gone(LineId(index));
            index += 1;
            forks.retain_mut(|(_, v)| {
                let keep = !gone(*v);
                *v = renumber(*v);
                keep
            });
            keep
        });
    }

    /// Puts every line's branch points in order of move index, keeping the
    /// order of addition for one move (a stable sort: readers meet branch
    /// points in any order, latest first in KIF files).
    pub(super) fn sort_forks(&mut self) {
        for forks in &mut self.forks {
            forks.sort_by_key(|&(i, _)| i);
        }
    }
}

/// A line as [`GameRecord::walk`] meets it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Visit<'a> {
    /// The line.
    pub id: LineId,
    /// Its moves and ending.
    pub line: &'a Line,
    /// The ply of its first move (for the main line the start position's
    /// move number, at least 1, as KIF numbers it).
    pub ply: u32,
    /// How deep it nests: 0 for the main line, 1 for its variations, ….
    pub depth: usize,
    /// The position before its first move.
    pub position: Position,
    /// The move played before its first move, if any.
    pub previous: Option<Move>,
}

/// The order in which [`GameRecord::walk`] visits variations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WalkOrder {
    /// Depth first; the variations of a line in the order of their branch
    /// points, earliest move first.
    EarliestFirst,
    /// Depth first; the variations of a line from its last branch point to
    /// its first (the order of KIF and KI2 files). Variations of one move
    /// stay in their order.
    LatestFirst,
}

impl GameRecord {
    /// The line `id`, if the record has it.
    #[must_use]
    pub fn line(&self, id: LineId) -> Option<&Line> {
        match id.index() {
            0 => Some(&self.main),
            i => self.tree.variations.get(i - 1).map(|v| &v.line),
        }
    }

    /// The line `id` to change, if the record has it. Removing moves that
    /// variations branch from hides those variations (see [`Self::walk`]).
    pub fn line_mut(&mut self, id: LineId) -> Option<&mut Line> {
        match id.index() {
            0 => Some(&mut self.main),
            i => self.tree.variations.get_mut(i - 1).map(|v| &mut v.line),
        }
    }

    /// The number of variations, nested ones included.
    #[must_use]
    pub fn variation_count(&self) -> usize {
        self.tree.len()
    }

    /// The variations replacing move `index` of line `id`, in order.
    pub fn variations(&self, id: LineId, index: usize) -> impl Iterator<Item = LineId> + '_ {
        let forks = self.tree.forks_of(id);
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        let from = forks.partition_point(|&(i, _)| i < index);
        forks[from..]
            .iter()
            .take_while(move |&&(i, _)| i == index)
            .map(|&(_, v)| v)
    }

    /// Whether move `index` of line `id` has variations.
    #[must_use]
    pub fn has_variations(&self, id: LineId, index: usize) -> bool {
        self.variations(id, index).next().is_some()
    }

    /// Where variation `id` branches off: its parent line and the index of
    /// the move it replaces. `None` for the main line or an unknown id.
    #[must_use]
    pub fn branch_point(&self, id: LineId) -> Option<(LineId, usize)> {
        let v = self.tree.variations.get(id.index().checked_sub(1)?)?;
        Some((v.parent.0, v.parent.1 as usize))
    }

    /// How deep line `id` nests: 0 for the main line, 1 for a variation of
    /// it, ….
    #[must_use]
    pub fn depth(&self, id: LineId) -> usize {
        match id.index() {
            0 => 0,
            i => self
                .tree
                .variations
                .get(i - 1)
                .map_or(0, |v| v.depth as usize),
        }
    }

    /// Adds `variation` as an alternative to move `index` of line `id`
    /// (after the variations that move has); it starts from the position
    /// before that move. Its moves are not checked here: a record built
    /// with illegal moves writes them as they are.
    ///
    /// Returns the new line, or `None` when the record has no line `id` or
    /// that line has no move `index`.
    ///
    /// ```
    /// use shogi_rules::record::{GameRecord, Line, LineId, RecordMove};
    /// use shogi_rules::Position;
    /// let mut pos = Position::startpos();
    /// let mut record = GameRecord::new(pos.clone());
    /// let m = pos.parse_usi_move("7g7f").unwrap();
    /// record.main.moves.push(RecordMove::new(m));
    /// let alternative = pos.parse_usi_move("2g2f").unwrap();
    /// let line = Line::new(vec![RecordMove::new(alternative)], None);
    /// let id = record.add_variation(LineId::MAIN, 0, line).unwrap();
    /// assert_eq!(record.variations(LineId::MAIN, 0).collect::<Vec<_>>(), [id]);
    /// assert_eq!(record.branch_point(id), Some((LineId::MAIN, 0)));
    /// ```
    pub fn add_variation(&mut self, id: LineId, index: usize, variation: Line) -> Option<LineId> {
        let parent = self.line(id)?;
        if index >= parent.moves.len() {
            return None;
        }
        let depth = u32::try_from(self.depth(id)).ok()?;
        let index = u32::try_from(index).ok()?;
        Some(self.tree.add(id, index, depth, variation, true))
    }

    /// The branch points from line `id` up to the main line, nearest
    /// first: for each line on the way, its parent and the index of the
    /// move it replaces. Empty for the main line, `None` for an unknown
    /// line.
    fn branch_chain(&self, id: LineId) -> Option<Vec<(LineId, usize)>> {
        self.line(id)?;
        let mut chain = Vec::with_capacity(self.depth(id));
        let mut at = id;
        while let Some((parent, index)) = self.branch_point(at) {
            chain.push((parent, index));
            at = parent;
        }
        Some(chain)
    }

    /// The ply of the first move of line `id`, as [`Self::walk`] numbers
    /// it: the start position's move number (at least 1) for the main line,
    /// and for a variation the ply of the move it replaces. `None` for an
    /// unknown line.
    #[must_use]
    pub fn first_ply(&self, id: LineId) -> Option<u32> {
        self.line(id)?;
        let main = self.start.move_number().max(1);
        Some(main.saturating_add(self.tree.offset(id)))
    }

    /// The position before move `index` of line `id`; `index` may be the
    /// number of moves, for the position after the line. `None` for an
    /// unknown line, an index past its end, or a line hidden by a branch
    /// point past the end of its parent. Costs a replay of the moves from
    /// the start to there.
    ///
    /// ```
    /// use shogi_rules::record::{GameRecord, LineId, RecordMove};
    /// use shogi_rules::Position;
    /// let mut record = GameRecord::new(Position::startpos());
    /// let m = record.start.parse_usi_move("7g7f").unwrap();
    /// record.push(LineId::MAIN, RecordMove::new(m)).unwrap();
    /// let after = record.position_before(LineId::MAIN, 1).unwrap();
    /// assert_eq!(after, record.final_position());
    /// assert_eq!(record.position_before(LineId::MAIN, 2), None);
    /// ```
    #[must_use]
    pub fn position_before(&self, id: LineId, index: usize) -> Option<Position> {
        let chain = self.branch_chain(id)?;
        let mut pos = self.start.clone();
        for (line, upto) in chain
            .iter()
            .rev()
            .copied()
            .chain(core::iter::once((id, index)))
        {
            for m in self.line(line)?.moves.get(..upto)? {
                pos.play_unchecked(m.mv);
            }
        }
        Some(pos)
    }

    /// Appends `m` to line `id` after checking that its move is legal at
    /// the end of the line. Costs a replay of the moves from the start to
    /// there, as [`Self::position_before`]: a long line is built faster
    /// by checking its moves against a position kept aside and pushing
    /// them through [`Self::line_mut`].
    ///
    /// # Errors
    /// [`EditError::NoLine`] for an unknown line (or one hidden by a
    /// branch point past the end of its parent), [`EditError::LineEnded`]
    /// when the line states its end, [`EditError::NumberTooLarge`] when
    /// the move or the ending after it would be numbered above
    /// [`MAX_MOVE_NUMBER`], [`EditError::Illegal`] for an illegal move.
    ///
    /// ```
    /// use shogi_rules::record::{EditError, GameRecord, LineId, RecordMove};
    /// use shogi_rules::{IllegalReason, Position};
    /// let mut record = GameRecord::new(Position::startpos());
    /// let m = record.start.parse_usi_move("7g7f").unwrap();
    /// record.push(LineId::MAIN, RecordMove::new(m)).unwrap();
    /// // Sente's move again, now that Gote is to move.
    /// let Err(EditError::Illegal(e)) = record.push(LineId::MAIN, RecordMove::new(m)) else {
    ///     panic!("pushed an illegal move");
    /// };
    /// assert_eq!(e.reason, IllegalReason::NotAPieceMove);
    /// assert_eq!(record.main.moves.len(), 1);
    /// ```
    pub fn push(&mut self, id: LineId, m: RecordMove) -> Result<(), EditError> {
        let line = self.line(id).ok_or(EditError::NoLine(id))?;
        if line.end.is_some() {
            return Err(EditError::LineEnded);
        }
        let len = line.moves.len();
        let first = self.first_ply(id).ok_or(EditError::NoLine(id))?;
        // The number of the ending after the move, as the readers count it.
        if u64::from(first).saturating_add(len as u64 + 1) > u64::from(MAX_MOVE_NUMBER) {
            return Err(EditError::NumberTooLarge {
                max: MAX_MOVE_NUMBER,
            });
        }
        let mut pos = self.position_before(id, len).ok_or(EditError::NoLine(id))?;
        pos.play(m.mv)?;
        if let Some(line) = self.line_mut(id) {
            line.moves.push(m);
        }
        Ok(())
    }

    /// Starts a variation replacing move `index` of line `id` (after the
    /// variations that move has), with `first` as its first move, checked
    /// legal in the position before move `index`. Returns the new line.
    ///
    /// # Errors
    /// [`EditError::NoLine`] for an unknown or hidden line,
    /// [`EditError::NoMove`] when the line has no move `index`,
    /// [`EditError::Illegal`] for an illegal move.
    ///
    /// ```
    /// use shogi_rules::record::{GameRecord, LineId, RecordMove};
    /// use shogi_rules::Position;
    /// let mut record = GameRecord::new(Position::startpos());
    /// let m = record.start.parse_usi_move("7g7f").unwrap();
    /// record.push(LineId::MAIN, RecordMove::new(m)).unwrap();
    /// let other = record.start.parse_usi_move("2g2f").unwrap();
    /// let id = record.branch(LineId::MAIN, 0, RecordMove::new(other)).unwrap();
    /// assert_eq!(record.branch_point(id), Some((LineId::MAIN, 0)));
    /// assert_eq!(record.first_ply(id), Some(1));
    /// ```
    pub fn branch(
        &mut self,
        id: LineId,
        index: usize,
        first: RecordMove,
    ) -> Result<LineId, EditError> {
        let len = self.line(id).ok_or(EditError::NoLine(id))?.moves.len();
        if index >= len {
            return Err(EditError::NoMove { index });
        }
        let mut pos = self
            .position_before(id, index)
            .ok_or(EditError::NoLine(id))?;
        pos.play(first.mv)?;
        let line = Line {
            moves: vec![first],
            end: None,
        };
        self.add_variation(id, index, line)
            .ok_or(EditError::NoMove { index })
    }

    /// Keeps the first `len` moves of line `id`: the moves after them, the
    /// variations branching from those moves (with the variations below
    /// them) and, when a move is removed, the line's end are removed. The
    /// remaining variations are numbered again as
    /// [`Self::remove_variation`] numbers them. Returns false (and changes
    /// nothing) for an unknown line.
    pub fn truncate(&mut self, id: LineId, len: usize) -> bool {
        let Some(line) = self.line_mut(id) else {
            return false;
        };
        if len >= line.moves.len() {
            return true;
        }
        line.moves.truncate(len);
        line.end = None;
        let doomed: Vec<LineId> = self
            .tree
            .forks_of(id)
            .iter()
            .filter(|&&(i, _)| i as usize >= len)
            .map(|&(_, v)| v)
            .collect();
        self.remove_lines(doomed);
        true
    }

    /// Removes variation `id` and the variations below it. The other
    /// variations keep their order and are numbered again from 1: a
    /// [`LineId`] of a variation added after `id` names another line (or
    /// none) afterwards. Returns false (and changes nothing) for the main
    /// line or an unknown line.
    ///
    /// ```
    /// use shogi_rules::record::{GameRecord, LineId, RecordMove};
    /// use shogi_rules::Position;
    /// let mut record = GameRecord::new(Position::startpos());
    /// let m = record.start.parse_usi_move("7g7f").unwrap();
    /// record.push(LineId::MAIN, RecordMove::new(m)).unwrap();
    /// let other = record.start.parse_usi_move("2g2f").unwrap();
    /// let first = record.branch(LineId::MAIN, 0, RecordMove::new(other)).unwrap();
    /// let third = record.start.parse_usi_move("5g5f").unwrap();
    /// let second = record.branch(LineId::MAIN, 0, RecordMove::new(third)).unwrap();
    /// assert!(record.remove_variation(first));
    /// assert_eq!(record.variation_count(), 1);
    /// // The variation added second is now the first.
    /// assert_eq!(record.line(first).unwrap().moves[0].mv, third);
    /// assert!(record.line(second).is_none());
    /// ```
    pub fn remove_variation(&mut self, id: LineId) -> bool {
        if id == LineId::MAIN || self.line(id).is_none() {
            return false;
        }
        self.remove_lines(vec![id]);
        true
    }

    /// Removes the variations `roots` and every variation below them.
    fn remove_lines(&mut self, mut roots: Vec<LineId>) {
        if roots.is_empty() {
            return;
        }
        let mut doomed = vec![false; self.tree.len() + 1];
        while let Some(v) = roots.pop() {
            if let Some(gone) = doomed.get_mut(v.index()) {
                *gone = true;
            }
            roots.extend(self.tree.forks_of(v).iter().map(|&(_, w)| w));
        }
        self.tree.remove(&doomed);
    }

    /// Every line reachable from the main line, the main line first, each
    /// with the position before its first move: depth first, in `order`.
    /// The walk keeps its own stack, so it costs the same whatever the
    /// nesting; its time is linear in the number of moves.
    #[must_use]
    pub fn walk(&self, order: WalkOrder) -> Walk<'_> {
        Walk {
            record: self,
            order,
            stack: vec![Pending {
                id: LineId::MAIN,
                ply: self.start.move_number().max(1),
                depth: 0,
                position: Rc::new(self.start.clone()),
                previous: None,
            }],
        }
    }

    /// Line `id` and its variations as a record of their own: its start is
    /// the position before the line's first move, its main line the line,
    /// and its variations those below the line (no headers or start
    /// comments). `None` for an unknown line or one hidden by a removed
    /// branch point.
    #[must_use]
    pub fn extract(&self, id: LineId) -> Option<GameRecord> {
        let pos = self.position_before(id, 0)?;
        let mut record = GameRecord::new(pos);
        record.handicap = None;
        record.main = self.line(id)?.clone();
        let mut stack = vec![(id, LineId::MAIN)];
        while let Some((from, to)) = stack.pop() {
            let moves = self.line(from).map_or(0, |l| l.moves.len());
            for &(index, v) in self.tree.forks_of(from) {
                if index as usize >= moves {
                    continue;
                }
                let line = self.line(v)?.clone();
                let new = record.add_variation(to, index as usize, line)?;
                stack.push((v, new));
            }
        }
        Some(record)
    }

    /// The tree compared by shape: the same variations at the same branch
    /// points, in the same order, with equal lines.
    pub(crate) fn same_tree(&self, other: &GameRecord) -> bool {
        if self.main != other.main || self.tree.len() != other.tree.len() {
            return false;
        }
        let mut stack = vec![(LineId::MAIN, LineId::MAIN)];
        while let Some((a, b)) = stack.pop() {
            let forks_a = self.tree.forks_of(a);
            let forks_b = other.tree.forks_of(b);
            if forks_a.len() != forks_b.len() {
                return false;
            }
            for (&(ia, va), &(ib, vb)) in forks_a.iter().zip(forks_b) {
                if ia != ib || self.line(va) != other.line(vb) {
                    return false;
                }
                stack.push((va, vb));
            }
        }
        true
    }
}

/// A line waiting to be visited.
#[derive(Clone, Debug)]
struct Pending {
    id: LineId,
    ply: u32,
    depth: usize,
    /// Shared by the variations of one move: a move with thousands of
    /// variations keeps one position for them, not one each.
    position: Rc<Position>,
    previous: Option<Move>,
}

/// The iterator of [`GameRecord::walk`].
#[derive(Clone, Debug)]
pub struct Walk<'a> {
    record: &'a GameRecord,
    order: WalkOrder,
    stack: Vec<Pending>,
}

impl<'a> Iterator for Walk<'a> {
    type Item = Visit<'a>;

    fn next(&mut self) -> Option<Visit<'a>> {
        let pending = self.stack.pop()?;
        let record = self.record;
        let line = record.line(pending.id)?;
        let forks = record.tree.forks_of(pending.id);
        if !forks.is_empty() {
            // The positions at the branch points, replaying the line once.
            let mut found: Vec<Pending> = Vec::new();
            let mut pos = Position::clone(&pending.position);
            let mut previous = pending.previous;
            let mut next_fork = 0;
            for (index, m) in line.moves.iter().enumerate() {
                let mut shared: Option<Rc<Position>> = None;
                while let Some(&(i, v)) = forks.get(next_fork) {
                    if i as usize != index {
                        break;
                    }
                    let position = shared.get_or_insert_with(|| Rc::new(pos.clone()));
                    found.push(Pending {
                        id: v,
                        ply: pending.ply.saturating_add(i),
                        depth: pending.depth + 1,
                        position: Rc::clone(position),
                        previous,
                    });
                    next_fork += 1;
                }
                if next_fork == forks.len() {
                    break;
                }
                pos.play_unchecked(m.mv);
                previous = Some(m.mv);
            }
            // Popped from the end: pushed in reverse of the visiting order.
            // Latest first keeps the branch points in order (the last is
            // popped first) and reverses the variations of each one.
            match self.order {
                WalkOrder::EarliestFirst => found.reverse(),
                WalkOrder::LatestFirst => found
                    .chunk_by_mut(|a, b| a.ply == b.ply)
                    .for_each(<[Pending]>::reverse),
            }
            self.stack.extend(found);
        }
        Some(Visit {
            id: pending.id,
            line,
            ply: pending.ply,
            depth: pending.depth,
            position: Rc::unwrap_or_clone(pending.position),
            previous: pending.previous,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::IllegalReason;
    use crate::record::{Format, LineEnd, SpecialMove, read_str_as};

    fn resign() -> Option<LineEnd> {
        Some(LineEnd {
            special: SpecialMove::Resign,
            time: None,
            comments: Vec::new(),
        })
    }

    fn usi(pos: &Position, text: &str) -> RecordMove {
        RecordMove::new(pos.parse_usi_move(text).unwrap())
    }

    /// Pushes `moves` (USI) to line `id`, each checked.
    fn push_all(record: &mut GameRecord, id: LineId, moves: &[&str]) {
        for text in moves {
            let pos = record
                .position_before(id, record.line(id).unwrap().moves.len())
                .unwrap();
            record.push(id, usi(&pos, text)).unwrap();
        }
    }

    /// A main line of four moves; two variations of move 1 (the second with
    /// a variation of its own move 1), one of move 3.
    fn sample() -> (GameRecord, [LineId; 4]) {
        let mut r = GameRecord::new(Position::startpos());
        push_all(&mut r, LineId::MAIN, &["7g7f", "3c3d", "2g2f", "8c8d"]);
        let pos = r.position_before(LineId::MAIN, 1).unwrap();
        let a = r.branch(LineId::MAIN, 1, usi(&pos, "4c4d")).unwrap();
        let b = r.branch(LineId::MAIN, 1, usi(&pos, "8c8d")).unwrap();
        push_all(&mut r, b, &["2g2f", "8d8e"]);
        let pos = r.position_before(b, 1).unwrap();
        let c = r.branch(b, 1, usi(&pos, "6i7h")).unwrap();
        let pos = r.position_before(LineId::MAIN, 3).unwrap();
        let d = r.branch(LineId::MAIN, 3, usi(&pos, "4a3b")).unwrap();
        (r, [a, b, c, d])
    }

    #[test]
    fn first_plies_and_positions_are_those_of_the_walk() {
        let (r, _) = sample();
        let mut seen = 0;
        for visit in r.walk(WalkOrder::EarliestFirst) {
            assert_eq!(r.first_ply(visit.id), Some(visit.ply));
            assert_eq!(
                r.position_before(visit.id, 0).as_ref(),
                Some(&visit.position)
            );
            let mut pos = visit.position.clone();
            for (i, m) in visit.line.moves.iter().enumerate() {
                assert_eq!(r.position_before(visit.id, i).as_ref(), Some(&pos));
                pos.play_unchecked(m.mv);
            }
            assert_eq!(
                r.position_before(visit.id, visit.line.moves.len()),
                Some(pos)
            );
            seen += 1;
        }
        assert_eq!(seen, 5);
        assert_eq!(r.position_before(LineId::MAIN, 5), None);
        assert_eq!(r.position_before(LineId(9), 0), None);
        assert_eq!(r.first_ply(LineId(9)), None);
    }

    #[test]
    fn push_refuses_illegal_moves_unknown_lines_and_moves_after_the_end() {
        let mut r = GameRecord::new(Position::startpos());
        let m = usi(&r.start, "7g7f");
        assert_eq!(
            r.push(LineId(1), m.clone()),
            Err(EditError::NoLine(LineId(1)))
        );
        r.push(LineId::MAIN, m.clone()).unwrap();
        match r.push(LineId::MAIN, m.clone()) {
            Err(EditError::Illegal(e)) => assert_eq!(e.reason, IllegalReason::NotAPieceMove),
            other => panic!("{other:?}"),
        }
        r.main.end = resign();
        let pos = r.final_position();
        assert_eq!(
            r.push(LineId::MAIN, usi(&pos, "3c3d")),
            Err(EditError::LineEnded)
        );
        assert_eq!(r.main.moves.len(), 1);
    }

    #[test]
    fn push_refuses_a_move_numbered_past_the_limit() {
        let mut start = Position::startpos();
        start.move_number = MAX_MOVE_NUMBER - 1;
        let mut r = GameRecord::new(start);
        let m = usi(&r.start, "7g7f");
        r.push(LineId::MAIN, m).unwrap();
        let pos = r.final_position();
        assert_eq!(
            r.push(LineId::MAIN, usi(&pos, "3c3d")),
            Err(EditError::NumberTooLarge {
                max: MAX_MOVE_NUMBER
            })
        );
    }

    #[test]
    fn branch_checks_the_branch_point_and_the_first_move() {
        let (mut r, [a, b, ..]) = sample();
        assert_eq!(r.variations(LineId::MAIN, 1).collect::<Vec<_>>(), [a, b]);
        let pos = r.start.clone();
        assert_eq!(
            r.branch(LineId::MAIN, 4, usi(&pos, "7g7f")),
            Err(EditError::NoMove { index: 4 })
        );
        assert_eq!(
            r.branch(LineId(42), 0, usi(&pos, "7g7f")),
            Err(EditError::NoLine(LineId(42)))
        );
        // Gote's move where Sente is to move.
        let gote = r.main.moves[1].clone();
        assert!(matches!(
            r.branch(LineId::MAIN, 0, gote),
            Err(EditError::Illegal(_))
        ));
        assert_eq!(r.variation_count(), 4);
    }

    /// The record `sample` would be without variation `b` (and `c`).
    fn without_b() -> GameRecord {
        let mut r = GameRecord::new(Position::startpos());
        push_all(&mut r, LineId::MAIN, &["7g7f", "3c3d", "2g2f", "8c8d"]);
        let pos = r.position_before(LineId::MAIN, 1).unwrap();
        r.branch(LineId::MAIN, 1, usi(&pos, "4c4d")).unwrap();
        let pos = r.position_before(LineId::MAIN, 3).unwrap();
        r.branch(LineId::MAIN, 3, usi(&pos, "4a3b")).unwrap();
        r
    }

    #[test]
    fn removing_a_variation_removes_those_below_it_and_renumbers_the_rest() {
        let (mut r, [a, b, c, d]) = sample();
        let d_line = r.line(d).unwrap().clone();
        assert!(r.remove_variation(b));
        assert_eq!(r.variation_count(), 2);
        assert_eq!(r, without_b());
        // `a` keeps its id; `d` was added after `b` and `c` and is now 2.
        assert_eq!(r.branch_point(a), Some((LineId::MAIN, 1)));
        assert_eq!(r.line(b), Some(&d_line));
        assert_eq!(r.branch_point(b), Some((LineId::MAIN, 3)));
        assert!(r.line(c).is_none() && r.line(d).is_none());
        assert_eq!(r.walk(WalkOrder::EarliestFirst).count(), 3);
        for visit in r.walk(WalkOrder::EarliestFirst) {
            assert_eq!(r.first_ply(visit.id), Some(visit.ply));
        }
        assert!(!r.remove_variation(LineId::MAIN));
        assert!(!r.remove_variation(c));
    }

    #[test]
    fn removing_a_nested_variation_keeps_its_parent() {
        let (mut r, [_, b, c, _]) = sample();
        assert!(r.remove_variation(c));
        assert_eq!(r.variation_count(), 3);
        assert!(!r.has_variations(b, 1));
        assert_eq!(r.line(b).unwrap().moves.len(), 3);
        let kif = r.write(Format::Kif).unwrap().text;
        assert!(read_str_as(&kif, Format::Kif).unwrap().same_tree(&r));
    }

    #[test]
    fn truncating_a_line_removes_the_variations_of_the_moves_removed() {
        let (mut r, [a, b, ..]) = sample();
        r.main.end = resign();
        assert!(r.truncate(LineId::MAIN, 3));
        assert_eq!(r.main.moves.len(), 3);
        assert!(r.main.end.is_none());
        assert_eq!(r.variation_count(), 3);
        assert_eq!(r.variations(LineId::MAIN, 1).collect::<Vec<_>>(), [a, b]);
        assert!(r.truncate(b, 1));
        assert_eq!(r.variation_count(), 2);
        assert_eq!(r.line(b).unwrap().moves.len(), 1);
        // Nothing to remove, or no such line.
        assert!(r.truncate(LineId::MAIN, 10));
        assert!(!r.truncate(LineId(7), 0));
        assert!(r.truncate(LineId::MAIN, 0));
        assert_eq!(r, GameRecord::new(Position::startpos()));
    }
}
