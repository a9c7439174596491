//! Building a record's lines while a reader reads them: the path being read,
//! variations branching off it, and the positions it needs to play them.

use super::tree::LineId;
use super::{GameRecord, Limit, Line, ReadLimits, RecordMove};
use crate::{Move, Position};

/// Positions kept every this many moves while a reader builds lines, so
/// that the position at any branch point is found by replaying at most this
/// many moves.
const CHECKPOINT_EVERY: usize = 16;

/// A line being read.
struct BuildLine {
    /// The ply of its first move.
    ply: u32,
    /// The move before its first move.
    previous: Option<Move>,
    /// The position before move `k * CHECKPOINT_EVERY`, for each `k` up
    /// to the number of moves (the first is the position the line starts
    /// from).
    checkpoints: Vec<Position>,
}

/// Why a line could not be added or extended while reading.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum BuildError {
    /// A limit of [`ReadLimits`] would be exceeded.
    Limit(Limit),
    /// The branch point does not exist.
    NoBranchPoint,
}

impl BuildError {
    /// The error kind, for a variation at ply `ply`.
    pub(crate) const fn kind(self, ply: u32, limits: &ReadLimits) -> super::RecordErrorKind {
        match self {
            BuildError::Limit(limit) => limit.exceeded(limits),
            BuildError::NoBranchPoint => super::RecordErrorKind::BadVariation(ply),
        }
    }
}

/// Builds a record's lines as a reader meets them, within [`ReadLimits`]:
/// the position at any branch point costs at most [`CHECKPOINT_EVERY`]
/// moves of replay, so reading is linear in the input whatever the shape of
/// the tree.
pub(crate) struct TreeBuilder {
    record: GameRecord,
    lines: Vec<BuildLine>,
    limits: ReadLimits,
    /// The lines of the path being read, main line first.
    path: Vec<LineId>,
}

impl TreeBuilder {
    /// A builder for a record from `start`, whose first move is ply `ply`.
    pub(crate) fn new(start: Position, ply: u32, limits: &ReadLimits) -> TreeBuilder {
        TreeBuilder {
            lines: vec![BuildLine {
                ply,
                previous: None,
                checkpoints: vec![start.clone()],
            }],
            record: GameRecord::new(start),
            limits: *limits,
            path: vec![LineId::MAIN],
        }
    }

    /// The start position.
    #[cfg(feature = "jkf")]
    pub(crate) fn start(&self) -> &Position {
        &self.record.start
    }

    /// Numbers the main line from `ply`: the start position's move number.
    pub(crate) fn set_first_ply(&mut self, ply: u32) {
        self.record.start.move_number = ply;
        if let Some(main) = self.lines.first_mut() {
            main.ply = ply;
            main.checkpoints = vec![self.record.start.clone()];
        }
    }

    /// The number of variations so far.
    pub(crate) fn variation_count(&self) -> usize {
        self.record.variation_count()
    }

    /// The line being read: the last one of the path.
    pub(crate) fn current(&self) -> LineId {
        self.path.last().copied().unwrap_or(LineId::MAIN)
    }

    /// The line `id`.
    pub(crate) fn line(&self, id: LineId) -> Option<&Line> {
        self.record.line(id)
    }

    /// The line `id` to change.
    pub(crate) fn line_mut(&mut self, id: LineId) -> Option<&mut Line> {
        self.record.line_mut(id)
    }

    /// The ply of the first move of line `id`.
    pub(crate) fn first_ply(&self, id: LineId) -> u32 {
        self.lines.get(id.index()).map_or(1, |l| l.ply)
    }

    /// The ply the next move of line `id` would be.
    pub(crate) fn next_ply(&self, id: LineId) -> u32 {
        let len = self.record.line(id).map_or(0, |l| l.moves.len());
        self.first_ply(id)
            .saturating_add(u32::try_from(len).unwrap_or(u32::MAX))
    }

    /// Appends `m`, played from `before`, to line `id`.
    pub(crate) fn push(
        &mut self,
        id: LineId,
        m: RecordMove,
        before: &Position,
    ) -> Result<(), BuildError> {
        let max = self.limits.max_moves_per_line;
        let line = self.record.line_mut(id).ok_or(BuildError::NoBranchPoint)?;
        if line.moves.len() >= max {
            return Err(BuildError::Limit(Limit::MovesPerLine));
        }
        if line.moves.len() % CHECKPOINT_EVERY == 0 && !line.moves.is_empty() {
            if let Some(b) = self.lines.get_mut(id.index()) {
                b.checkpoints.push(before.clone());
            }
        }
        line.moves.push(m);
        Ok(())
    }

    /// The position before move `index` of line `id` (`index` may be the
    /// number of moves: the position after them), and the move before it.
    pub(crate) fn position_before(&self, id: LineId, index: usize) -> (Position, Option<Move>) {
        let (Some(line), Some(build)) = (self.record.line(id), self.lines.get(id.index())) else {
            return (self.record.start.clone(), None);
        };
        let index = index.min(line.moves.len());
        let k = index / CHECKPOINT_EVERY;
        let (mut pos, from) = match build.checkpoints.get(k) {
            Some(p) => (p.clone(), k * CHECKPOINT_EVERY),
            None => match build.checkpoints.last() {
                Some(p) => (p.clone(), (build.checkpoints.len() - 1) * CHECKPOINT_EVERY),
                None => return (self.record.start.clone(), build.previous),
            },
        };
        for m in &line.moves[from..index] {
            pos.play_unchecked(m.mv);
        }
        let previous = match index {
            0 => build.previous,
            i => Some(line.moves[i - 1].mv),
        };
        (pos, previous)
    }

    /// Starts a variation replacing move `index` of line `parent`, and makes
    /// it the line being read (the path is cut back to `parent`).
    pub(crate) fn branch(&mut self, parent: LineId, index: usize) -> Result<LineId, BuildError> {
        self.branch_at(parent, index, false)
    }

    /// Starts a variation replacing the move line `parent` gets next, for a
    /// reader that meets the variations of a move before the move (a JKF
    /// entry may hold `forks` before `move`): it starts from the position
    /// after the moves `parent` has. The reader must push that move before
    /// the record is finished.
    #[cfg(feature = "jkf")]
    pub(crate) fn branch_next(&mut self, parent: LineId) -> Result<LineId, BuildError> {
        let index = self.record.line(parent).map_or(0, |l| l.moves.len());
        self.branch_at(parent, index, true)
    }

    /// As [`Self::branch`]; with `next`, `index` may be the number of moves
    /// of `parent` (the move to come).
    fn branch_at(
        &mut self,
        parent: LineId,
        index: usize,
        next: bool,
    ) -> Result<LineId, BuildError> {
        let depth = self.record.depth(parent) + 1;
        if depth > self.limits.max_depth {
            return Err(BuildError::Limit(Limit::Depth));
        }
        if self.record.variation_count() >= self.limits.max_variations {
            return Err(BuildError::Limit(Limit::Variations));
        }
        let parent_line = self.record.line(parent).ok_or(BuildError::NoBranchPoint)?;
        let moves = parent_line.moves.len();
        if index > moves || (index == moves && !next) {
            return Err(BuildError::NoBranchPoint);
        }
        let (position, previous) = self.position_before(parent, index);
        let ply = self
            .first_ply(parent)
            .saturating_add(u32::try_from(index).unwrap_or(u32::MAX));
        let (Ok(index32), Ok(depth32)) = (u32::try_from(index), u32::try_from(depth - 1)) else {
            return Err(BuildError::NoBranchPoint);
        };
        let id = self
            .record
            .tree
            .add(parent, index32, depth32, Line::default(), false);
        self.lines.push(BuildLine {
            ply,
            previous,
            checkpoints: vec![position],
        });
        while self.path.len() > 1 && self.path.last() != Some(&parent) {
            self.path.pop();
        }
        self.path.push(id);
        Ok(id)
    }

    /// Starts a variation at ply `ply` of the path being read, as KIF and
    /// KI2 number them: it joins the most recent line of the path that has
    /// a move at that ply and does not start there (a line starting at
    /// `ply` is a sibling, so its parent holds the list to join).
    pub(crate) fn branch_at_ply(&mut self, ply: u32) -> Result<LineId, BuildError> {
        while self.path.len() > 1
            && self.path.last().is_some_and(|&id| {
                let first = self.first_ply(id);
                let len = self.record.line(id).map_or(0, |l| l.moves.len());
                first >= ply || (ply - first) as usize >= len
            })
        {
            self.path.pop();
        }
        let parent = self.current();
        let first = self.first_ply(parent);
        if ply < first {
            return Err(BuildError::NoBranchPoint);
        }
        let index = (ply - first) as usize;
        self.branch(parent, index)
    }

    /// The record built, to be completed by the reader.
    pub(crate) fn finish(self) -> GameRecord {
        let mut record = self.record;
        record.tree.sort_forks();
        record.handicap = super::Handicap::of_position(&record.start);
        record
    }
}
