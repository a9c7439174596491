//! `shogi_result`: the code every fallible function returns, its messages,
//! and the translation of every error of the core crate into a code.
//!
//! Codes are grouped in ranges (general 0–99, SFEN 100–199, illegal moves
//! 200–249, move text 250–299, games 300–399, records 400–499, USI protocol
//! messages 500–549, built-in opponent 550–569, training data formats
//! 570–599). A value, once
//! published, keeps its meaning and is never reused. The core's error enums
//! are `#[non_exhaustive]`; a variant a later core adds and this library does
//! not know yet maps to the catch-all code of its range (`*_OTHER`). The test
//! `no_core_error_maps_to_a_catch_all_code` walks every variant of every core
//! error enum (their `examples()`) and fails when one does, so each variant of
//! the core this library is built with has a code of its own.

use core::ffi::c_char;

use shogi::notation::{csa::CsaError, japanese::JapaneseError, western::WesternError};
use shogi::record::RecordErrorKind;
use shogi::training::PackError;
use shogi::usi::{UsiCommandError, UsiMessageError};
use shogi::{
    DeclarationRejection, GameError, GameFromUsiError, GameJsonError, IllegalMoveError,
    IllegalReason, ParseUsiMoveError, RestoreError, SetupError, SfenError, UsiMoveError,
};

use ffi_boundary::{result_message, result_name};
use shogi_ai::level::{PlayError, StrengthError};
use shogi_ai::mate::MateError;

/// The result of a fallible function: `SHOGI_RESULT_OK` (0) or the reason it
/// failed. Values are stable: a published value keeps its meaning and is never
/// reused. On any result other than `SHOGI_RESULT_OK`, out-parameters are left
/// untouched unless the function says otherwise (`SHOGI_RESULT_BUFFER_TOO_SMALL`
/// reports the needed size).
#[allow(non_camel_case_types)]
#[repr(u32)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum shogi_result {
    /// Success.
    Ok = 0,
    /// A pointer argument that must not be NULL was NULL.
    NullParameter = 1,
    /// The library caught an internal panic; no output was written, but a handle
    /// passed for mutation may be in an unspecified (still valid, freeable) state.
    Panic = 2,
    /// Text passed in is not valid UTF-8.
    InvalidUtf8 = 3,
    /// The caller's buffer is too small; the needed length was written to
    /// `*out_len`.
    BufferTooSmall = 4,
    /// An argument is out of range: a square, role, color, notation, format or
    /// rule value that does not exist, or move bits that no move has.
    InvalidArgument = 5,
    /// The thing asked for does not exist (a record header with that key).
    NotFound = 6,

    /// SFEN: the text is empty.
    SfenEmpty = 100,
    /// SFEN: a required field is missing.
    SfenMissingField = 101,
    /// SFEN: an unexpected character in the board.
    SfenBoardCharacter = 102,
    /// SFEN: `+` not followed by a promotable piece letter.
    SfenBadPromotion = 103,
    /// SFEN: a board row does not describe nine squares.
    SfenRowLength = 104,
    /// SFEN: the board does not have nine rows.
    SfenRowCount = 105,
    /// SFEN: the side to move is not `b` or `w`.
    SfenSideToMove = 106,
    /// SFEN: an unexpected character in the hand.
    SfenHandCharacter = 107,
    /// SFEN: a bad count in the hand.
    SfenHandCount = 108,
    /// SFEN: the move number is not a whole number.
    SfenMoveNumber = 109,
    /// SFEN: text after the last field.
    SfenTrailingText = 110,
    /// Illegal setup: a side has more than one king.
    SetupTooManyKings = 120,
    /// Illegal setup: more pieces of a kind than the standard set holds.
    SetupTooManyPieces = 121,
    /// Illegal setup: two unpromoted pawns of one side on a file.
    SetupTwoPawnsOnFile = 122,
    /// Illegal setup: a piece that could never move.
    SetupDeadPiece = 123,
    /// Illegal setup: the side not to move is in check.
    SetupOpponentInCheck = 124,
    /// An SFEN or setup error this version does not name.
    SfenOther = 199,

    /// Illegal move: the side to move holds no such piece in hand.
    IllegalNotInHand = 200,
    /// Illegal move: the destination holds a piece that cannot be captured.
    IllegalOccupied = 201,
    /// Illegal move: the piece could never move from where it is dropped.
    IllegalDeadPiece = 202,
    /// Illegal move: nifu, a second unpromoted pawn on a file.
    IllegalNifu = 203,
    /// Illegal move: it leaves (or puts) the mover's king in check.
    IllegalLeavesKingInCheck = 204,
    /// Illegal move: uchifuzume, a pawn drop that checkmates.
    IllegalUchifuzume = 205,
    /// Illegal move: no piece of the side to move on the origin, it cannot
    /// reach the destination, or the move's role or capture does not match the
    /// board.
    IllegalNotAPieceMove = 206,
    /// Illegal move: promotion asked for a piece or squares that cannot promote.
    IllegalCannotPromote = 207,
    /// Illegal move: the piece must promote here.
    IllegalMustPromote = 208,
    /// An illegal-move reason this version does not name.
    IllegalOther = 249,

    /// USI move text: empty.
    UsiEmpty = 250,
    /// USI move text: not 4 or 5 characters.
    UsiBadLength = 251,
    /// USI move text: a malformed square.
    UsiBadSquare = 252,
    /// USI move text: the drop piece is not one of `P L N S G B R`.
    UsiBadDropPiece = 253,
    /// USI move text: something other than `+` after the move.
    UsiBadSuffix = 254,
    /// Move notation: the text is not a move in that notation.
    NotationSyntax = 260,
    /// Move notation: the side mark or sign names the side not to move.
    NotationWrongSide = 261,
    /// Move notation: `同` without a previous move.
    NotationNoPreviousMove = 262,
    /// Move notation: well formed, but no legal move fits it.
    NotationNoSuchMove = 263,
    /// Move notation: the text fits several legal moves.
    NotationAmbiguous = 264,
    /// A move-text error this version does not name.
    MoveTextOther = 299,

    /// Game: the game is over.
    GameOver = 300,
    /// Game (or position): there is no move to take back.
    NothingToUndo = 301,
    /// Impasse declaration rejected: the rules have no declaration.
    ImpasseNotOffered = 302,
    /// Impasse declaration rejected: the declarer has no king.
    ImpasseNoKing = 303,
    /// Impasse declaration rejected: a king that must be in its zone is not.
    ImpasseKingsNotInZone = 304,
    /// Impasse declaration rejected: the declarer is in check.
    ImpasseInCheck = 305,
    /// Impasse declaration rejected: fewer than 10 pieces in the enemy camp.
    ImpasseTooFewPieces = 306,
    /// Impasse declaration rejected: too few points.
    ImpasseTooFewPoints = 307,
    /// An impasse rejection this version does not name.
    ImpasseOther = 308,
    /// Game: the action needs it to be that player's turn.
    NotYourTurn = 310,
    /// Game: the player has made all the draw offers the rules allow.
    DrawOffersExhausted = 311,
    /// Game: a draw offer is already open.
    DrawOfferPending = 312,
    /// Game: there is no open draw offer from the opponent to answer.
    NoDrawOffer = 313,
    /// Game: the game has no clock.
    NoClock = 314,
    /// Game JSON: malformed JSON, or JSON that is not the saved form of a game
    /// (a field missing or of the wrong type). A saved form that does not
    /// restore has a `SHOGI_RESULT_RESTORE_*` code (or `SHOGI_RESULT_MOVE_AFTER_END`).
    GameJson = 320,
    /// USI `position` line: neither `startpos` nor `sfen` follows `position`.
    UsiCommandMissingStart = 321,
    /// USI `position` line: a word other than `moves` follows the position.
    UsiCommandExpectedMoves = 322,
    /// USI `position` line: a move follows the end of the game.
    MoveAfterEnd = 323,
    /// Saved game: the start position is malformed or not a legal setup.
    RestoreStart = 324,
    /// Saved game: a move is malformed or illegal.
    RestoreMove = 325,
    /// Saved game: the moves end the game otherwise than the saved result says.
    RestoreOutcomeMismatch = 326,
    /// Saved game: the moves end the game but no result is saved.
    RestoreMissingOutcome = 327,
    /// Saved game: a result the rules decide from the moves (checkmate, repetition,
    /// perpetual check, move limit, try rule, no legal moves), but the moves do not end the game.
    RestoreRulesDecided = 328,
    /// Saved game: the winner does not fit the termination.
    RestoreWinner = 329,
    /// Saved game: an ending the game could not have had (a loss on time without a
    /// clock, a draw agreement without a draw offer).
    RestoreEndingNotAllowed = 330,
    /// Saved game: an impasse declaration whose result is not what the declaration
    /// rules give on the final position.
    RestoreDeclaration = 331,
    /// Saved game: more draw offers made than the rules allow.
    RestoreDrawOffers = 332,
    /// Saved game: an open draw offer that could not have been made (the game is
    /// over, or the side made no offer or could not have made it).
    RestoreDrawOffer = 333,
    /// Saved game: the rules are timed but no clock is saved.
    RestoreClockMissing = 334,
    /// Saved game: the rules are untimed but a clock is saved.
    RestoreUnexpectedClock = 335,
    /// Saved game: the clock's settings are not the rules' clock settings.
    RestoreClockSettings = 336,
    /// Saved game: a remaining time that play under the clock settings cannot give
    /// (more main time or periods than the settings, a timed-out side with time left, ...).
    RestoreClockState = 337,
    /// Saved game: a side's time has run out but the game did not end by its loss on time.
    RestoreTimedOut = 338,
    /// Saved game: a loss on time whose loser's clock does not show its time run out.
    RestoreNotTimedOut = 339,
    /// A game error this version does not name.
    GameOther = 349,

    /// Record: the bytes are not valid in the detected or declared encoding.
    RecordEncoding = 400,
    /// Record: the format could not be recognised.
    RecordUnknownFormat = 401,
    /// Record: unknown handicap name and no board diagram.
    RecordUnknownHandicap = 402,
    /// Record: a malformed header line.
    RecordBadHeader = 403,
    /// Record: a malformed start position.
    RecordBadPosition = 404,
    /// Record: the start position is not a legal setup.
    RecordIllegalPosition = 405,
    /// Record: a move is not written as the format requires.
    RecordBadMoveText = 406,
    /// Record: a move is illegal in its position.
    RecordIllegalMove = 407,
    /// Record: a move fits no legal move.
    RecordNoSuchMove = 408,
    /// Record: a move fits several legal moves.
    RecordAmbiguousMove = 409,
    /// Record: a move number is out of sequence.
    RecordMoveNumber = 410,
    /// Record: a move after the end of its line.
    RecordMoveAfterEnd = 411,
    /// Record: a malformed time field.
    RecordBadTime = 412,
    /// Record: a variation with no move to branch from.
    RecordBadVariation = 413,
    /// Record: malformed JSON, or JSON that does not follow the JKF schema.
    RecordJson = 414,
    /// Unused: no function returns it. It was the result of reading a format
    /// a build of the library could not read; every build reads every
    /// format. The value stays reserved, and the name defined, so that code
    /// naming it still compiles.
    RecordUnsupported = 415,
    /// Record: a line that is not understood.
    RecordUnexpectedLine = 416,
    /// Record: the input exceeds one of the read limits (`shogi_read_limits`:
    /// its size, a line, a header or comment, the moves of a line, the number
    /// or the nesting of variations); also a USI line that
    /// `shogi_game_from_usi` or `shogi_game_from_usi_with_limits` refuses, and
    /// a record too deeply nested for `shogi_record_write` to write as JKF.
    RecordLimitExceeded = 417,
    /// Record: a number (a move number, a time, a count) larger than the
    /// format or the library allows.
    RecordNumberTooLarge = 418,
    /// Record: a single-record read of a file that holds several records (a
    /// CSA file of games separated by `/` lines, a USI file of several lines);
    /// `shogi_records_read` reads them all.
    RecordCollection = 419,
    /// A record error this version does not name.
    RecordOther = 499,

    /// USI message: the line holds no word.
    UsiMessageEmpty = 500,
    /// USI message: a field's value is missing (`depth` at the end of the line,
    /// `bestmove` without a move).
    UsiMessageMissingValue = 501,
    /// USI message: a field's number is not a number, or out of range.
    UsiMessageBadNumber = 502,
    /// USI message: a move is not a USI move (the `SHOGI_RESULT_USI_*` reason is in
    /// `shogi_usi_error.reason`).
    UsiMessageBadMove = 503,
    /// USI message: a word is none of those the field takes (an option type, a
    /// score kind, a check default, a game result).
    UsiMessageBadWord = 504,
    /// USI message: a word follows a message or field that takes no more.
    UsiMessageUnexpected = 505,
    /// USI message: a malformed `position` command (its own code is in
    /// `shogi_usi_error.reason`).
    UsiMessagePosition = 506,
    /// A USI message error this version does not name.
    UsiMessageOther = 549,

    /// Built-in opponent: a strength outside 1–10.
    AiStrength = 550,
    /// Checkmate search: the side not to move is in check (the position
    /// cannot arise in play).
    AiMateOpponentInCheck = 551,
    /// Checkmate search: the side not to move has no king to mate.
    AiMateNoDefendingKing = 552,
    /// Built-in opponent: the game is over, there is no move to choose.
    AiGameOver = 553,
    /// Built-in opponent: the side to move has no legal move.
    AiNoLegalMoves = 554,
    /// A built-in opponent error this version does not name.
    AiOther = 569,

    /// Training data: bits that are no code of the format.
    TrainingBadCode = 570,
    /// Training data: a code runs past the 256th bit.
    TrainingTruncated = 571,
    /// Training data: a king's square is off the board or the other king's.
    TrainingKingSquare = 572,
    /// Training data: a side has no king or more than one; the formats hold
    /// exactly one of each.
    TrainingKings = 573,
    /// Training data: the pieces of a kind are not the set's (more than the set
    /// to encode; other than the set, the piece box included, to decode).
    TrainingPieceCount = 574,
    /// Training data: the move16 is no legal move of the position.
    TrainingNoSuchMove = 575,
    /// Training data: a buffer is no whole number of entries.
    TrainingLength = 576,
    /// A training data error this version does not name.
    TrainingOther = 599,
}

/// Every code, in increasing order.
pub(crate) fn all_results() -> &'static [shogi_result] {
    use shogi_result::*;
    const ALL: [shogi_result; 123] = [
        Ok,
        NullParameter,
        Panic,
        InvalidUtf8,
        BufferTooSmall,
        InvalidArgument,
        NotFound,
        SfenEmpty,
        SfenMissingField,
        SfenBoardCharacter,
        SfenBadPromotion,
        SfenRowLength,
        SfenRowCount,
        SfenSideToMove,
        SfenHandCharacter,
        SfenHandCount,
        SfenMoveNumber,
        SfenTrailingText,
        SetupTooManyKings,
        SetupTooManyPieces,
        SetupTwoPawnsOnFile,
        SetupDeadPiece,
        SetupOpponentInCheck,
        SfenOther,
        IllegalNotInHand,
        IllegalOccupied,
        IllegalDeadPiece,
        IllegalNifu,
        IllegalLeavesKingInCheck,
        IllegalUchifuzume,
        IllegalNotAPieceMove,
        IllegalCannotPromote,
        IllegalMustPromote,
        IllegalOther,
        UsiEmpty,
        UsiBadLength,
        UsiBadSquare,
        UsiBadDropPiece,
        UsiBadSuffix,
        NotationSyntax,
        NotationWrongSide,
        NotationNoPreviousMove,
        NotationNoSuchMove,
        NotationAmbiguous,
        MoveTextOther,
        GameOver,
        NothingToUndo,
        ImpasseNotOffered,
        ImpasseNoKing,
        ImpasseKingsNotInZone,
        ImpasseInCheck,
        ImpasseTooFewPieces,
        ImpasseTooFewPoints,
        ImpasseOther,
        NotYourTurn,
        DrawOffersExhausted,
        DrawOfferPending,
        NoDrawOffer,
        NoClock,
        GameJson,
        UsiCommandMissingStart,
        UsiCommandExpectedMoves,
        MoveAfterEnd,
        RestoreStart,
        RestoreMove,
        RestoreOutcomeMismatch,
        RestoreMissingOutcome,
        RestoreRulesDecided,
        RestoreWinner,
        RestoreEndingNotAllowed,
        RestoreDeclaration,
        RestoreDrawOffers,
        RestoreDrawOffer,
        RestoreClockMissing,
        RestoreUnexpectedClock,
        RestoreClockSettings,
        RestoreClockState,
        RestoreTimedOut,
        RestoreNotTimedOut,
        GameOther,
        RecordEncoding,
        RecordUnknownFormat,
        RecordUnknownHandicap,
        RecordBadHeader,
        RecordBadPosition,
        RecordIllegalPosition,
        RecordBadMoveText,
        RecordIllegalMove,
        RecordNoSuchMove,
        RecordAmbiguousMove,
        RecordMoveNumber,
        RecordMoveAfterEnd,
        RecordBadTime,
        RecordBadVariation,
        RecordJson,
        RecordUnsupported,
        RecordUnexpectedLine,
        RecordLimitExceeded,
        RecordNumberTooLarge,
        RecordCollection,
        RecordOther,
        UsiMessageEmpty,
        UsiMessageMissingValue,
        UsiMessageBadNumber,
        UsiMessageBadMove,
        UsiMessageBadWord,
        UsiMessageUnexpected,
        UsiMessagePosition,
        UsiMessageOther,
        AiStrength,
        AiMateOpponentInCheck,
        AiMateNoDefendingKing,
        AiGameOver,
        AiNoLegalMoves,
        AiOther,
        TrainingBadCode,
        TrainingTruncated,
        TrainingKingSquare,
        TrainingKings,
        TrainingPieceCount,
        TrainingNoSuchMove,
        TrainingLength,
        TrainingOther,
    ];
    &ALL
}

impl shogi_result {
    /// The C name, `"SHOGI_RESULT_ILLEGAL_NIFU"`, NUL-terminated.
    pub(crate) const fn name(self) -> &'static str {
        use shogi_result::*;
        match self {
            Ok => "SHOGI_RESULT_OK\0",
            NullParameter => "SHOGI_RESULT_NULL_PARAMETER\0",
            Panic => "SHOGI_RESULT_PANIC\0",
            InvalidUtf8 => "SHOGI_RESULT_INVALID_UTF8\0",
            BufferTooSmall => "SHOGI_RESULT_BUFFER_TOO_SMALL\0",
            InvalidArgument => "SHOGI_RESULT_INVALID_ARGUMENT\0",
            NotFound => "SHOGI_RESULT_NOT_FOUND\0",
            SfenEmpty => "SHOGI_RESULT_SFEN_EMPTY\0",
            SfenMissingField => "SHOGI_RESULT_SFEN_MISSING_FIELD\0",
            SfenBoardCharacter => "SHOGI_RESULT_SFEN_BOARD_CHARACTER\0",
            SfenBadPromotion => "SHOGI_RESULT_SFEN_BAD_PROMOTION\0",
            SfenRowLength => "SHOGI_RESULT_SFEN_ROW_LENGTH\0",
            SfenRowCount => "SHOGI_RESULT_SFEN_ROW_COUNT\0",
            SfenSideToMove => "SHOGI_RESULT_SFEN_SIDE_TO_MOVE\0",
            SfenHandCharacter => "SHOGI_RESULT_SFEN_HAND_CHARACTER\0",
            SfenHandCount => "SHOGI_RESULT_SFEN_HAND_COUNT\0",
            SfenMoveNumber => "SHOGI_RESULT_SFEN_MOVE_NUMBER\0",
            SfenTrailingText => "SHOGI_RESULT_SFEN_TRAILING_TEXT\0",
            SetupTooManyKings => "SHOGI_RESULT_SETUP_TOO_MANY_KINGS\0",
            SetupTooManyPieces => "SHOGI_RESULT_SETUP_TOO_MANY_PIECES\0",
            SetupTwoPawnsOnFile => "SHOGI_RESULT_SETUP_TWO_PAWNS_ON_FILE\0",
            SetupDeadPiece => "SHOGI_RESULT_SETUP_DEAD_PIECE\0",
            SetupOpponentInCheck => "SHOGI_RESULT_SETUP_OPPONENT_IN_CHECK\0",
            SfenOther => "SHOGI_RESULT_SFEN_OTHER\0",
            IllegalNotInHand => "SHOGI_RESULT_ILLEGAL_NOT_IN_HAND\0",
            IllegalOccupied => "SHOGI_RESULT_ILLEGAL_OCCUPIED\0",
            IllegalDeadPiece => "SHOGI_RESULT_ILLEGAL_DEAD_PIECE\0",
            IllegalNifu => "SHOGI_RESULT_ILLEGAL_NIFU\0",
            IllegalLeavesKingInCheck => "SHOGI_RESULT_ILLEGAL_LEAVES_KING_IN_CHECK\0",
            IllegalUchifuzume => "SHOGI_RESULT_ILLEGAL_UCHIFUZUME\0",
            IllegalNotAPieceMove => "SHOGI_RESULT_ILLEGAL_NOT_A_PIECE_MOVE\0",
            IllegalCannotPromote => "SHOGI_RESULT_ILLEGAL_CANNOT_PROMOTE\0",
            IllegalMustPromote => "SHOGI_RESULT_ILLEGAL_MUST_PROMOTE\0",
            IllegalOther => "SHOGI_RESULT_ILLEGAL_OTHER\0",
            UsiEmpty => "SHOGI_RESULT_USI_EMPTY\0",
            UsiBadLength => "SHOGI_RESULT_USI_BAD_LENGTH\0",
            UsiBadSquare => "SHOGI_RESULT_USI_BAD_SQUARE\0",
            UsiBadDropPiece => "SHOGI_RESULT_USI_BAD_DROP_PIECE\0",
            UsiBadSuffix => "SHOGI_RESULT_USI_BAD_SUFFIX\0",
            NotationSyntax => "SHOGI_RESULT_NOTATION_SYNTAX\0",
            NotationWrongSide => "SHOGI_RESULT_NOTATION_WRONG_SIDE\0",
            NotationNoPreviousMove => "SHOGI_RESULT_NOTATION_NO_PREVIOUS_MOVE\0",
            NotationNoSuchMove => "SHOGI_RESULT_NOTATION_NO_SUCH_MOVE\0",
            NotationAmbiguous => "SHOGI_RESULT_NOTATION_AMBIGUOUS\0",
            MoveTextOther => "SHOGI_RESULT_MOVE_TEXT_OTHER\0",
            GameOver => "SHOGI_RESULT_GAME_OVER\0",
            NothingToUndo => "SHOGI_RESULT_NOTHING_TO_UNDO\0",
            ImpasseNotOffered => "SHOGI_RESULT_IMPASSE_NOT_OFFERED\0",
            ImpasseNoKing => "SHOGI_RESULT_IMPASSE_NO_KING\0",
            ImpasseKingsNotInZone => "SHOGI_RESULT_IMPASSE_KINGS_NOT_IN_ZONE\0",
            ImpasseInCheck => "SHOGI_RESULT_IMPASSE_IN_CHECK\0",
            ImpasseTooFewPieces => "SHOGI_RESULT_IMPASSE_TOO_FEW_PIECES\0",
            ImpasseTooFewPoints => "SHOGI_RESULT_IMPASSE_TOO_FEW_POINTS\0",
            ImpasseOther => "SHOGI_RESULT_IMPASSE_OTHER\0",
            NotYourTurn => "SHOGI_RESULT_NOT_YOUR_TURN\0",
            DrawOffersExhausted => "SHOGI_RESULT_DRAW_OFFERS_EXHAUSTED\0",
            DrawOfferPending => "SHOGI_RESULT_DRAW_OFFER_PENDING\0",
            NoDrawOffer => "SHOGI_RESULT_NO_DRAW_OFFER\0",
            NoClock => "SHOGI_RESULT_NO_CLOCK\0",
            GameJson => "SHOGI_RESULT_GAME_JSON\0",
            UsiCommandMissingStart => "SHOGI_RESULT_USI_COMMAND_MISSING_START\0",
            UsiCommandExpectedMoves => "SHOGI_RESULT_USI_COMMAND_EXPECTED_MOVES\0",
            MoveAfterEnd => "SHOGI_RESULT_MOVE_AFTER_END\0",
            RestoreStart => "SHOGI_RESULT_RESTORE_START\0",
            RestoreMove => "SHOGI_RESULT_RESTORE_MOVE\0",
            RestoreOutcomeMismatch => "SHOGI_RESULT_RESTORE_OUTCOME_MISMATCH\0",
            RestoreMissingOutcome => "SHOGI_RESULT_RESTORE_MISSING_OUTCOME\0",
            RestoreRulesDecided => "SHOGI_RESULT_RESTORE_RULES_DECIDED\0",
            RestoreWinner => "SHOGI_RESULT_RESTORE_WINNER\0",
            RestoreEndingNotAllowed => "SHOGI_RESULT_RESTORE_ENDING_NOT_ALLOWED\0",
            RestoreDeclaration => "SHOGI_RESULT_RESTORE_DECLARATION\0",
            RestoreDrawOffers => "SHOGI_RESULT_RESTORE_DRAW_OFFERS\0",
            RestoreDrawOffer => "SHOGI_RESULT_RESTORE_DRAW_OFFER\0",
            RestoreClockMissing => "SHOGI_RESULT_RESTORE_CLOCK_MISSING\0",
            RestoreUnexpectedClock => "SHOGI_RESULT_RESTORE_UNEXPECTED_CLOCK\0",
            RestoreClockSettings => "SHOGI_RESULT_RESTORE_CLOCK_SETTINGS\0",
            RestoreClockState => "SHOGI_RESULT_RESTORE_CLOCK_STATE\0",
            RestoreTimedOut => "SHOGI_RESULT_RESTORE_TIMED_OUT\0",
            RestoreNotTimedOut => "SHOGI_RESULT_RESTORE_NOT_TIMED_OUT\0",
            GameOther => "SHOGI_RESULT_GAME_OTHER\0",
            RecordEncoding => "SHOGI_RESULT_RECORD_ENCODING\0",
            RecordUnknownFormat => "SHOGI_RESULT_RECORD_UNKNOWN_FORMAT\0",
            RecordUnknownHandicap => "SHOGI_RESULT_RECORD_UNKNOWN_HANDICAP\0",
            RecordBadHeader => "SHOGI_RESULT_RECORD_BAD_HEADER\0",
            RecordBadPosition => "SHOGI_RESULT_RECORD_BAD_POSITION\0",
            RecordIllegalPosition => "SHOGI_RESULT_RECORD_ILLEGAL_POSITION\0",
            RecordBadMoveText => "SHOGI_RESULT_RECORD_BAD_MOVE_TEXT\0",
            RecordIllegalMove => "SHOGI_RESULT_RECORD_ILLEGAL_MOVE\0",
            RecordNoSuchMove => "SHOGI_RESULT_RECORD_NO_SUCH_MOVE\0",
            RecordAmbiguousMove => "SHOGI_RESULT_RECORD_AMBIGUOUS_MOVE\0",
            RecordMoveNumber => "SHOGI_RESULT_RECORD_MOVE_NUMBER\0",
            RecordMoveAfterEnd => "SHOGI_RESULT_RECORD_MOVE_AFTER_END\0",
            RecordBadTime => "SHOGI_RESULT_RECORD_BAD_TIME\0",
            RecordBadVariation => "SHOGI_RESULT_RECORD_BAD_VARIATION\0",
            RecordJson => "SHOGI_RESULT_RECORD_JSON\0",
            RecordUnsupported => "SHOGI_RESULT_RECORD_UNSUPPORTED\0",
            RecordUnexpectedLine => "SHOGI_RESULT_RECORD_UNEXPECTED_LINE\0",
            RecordLimitExceeded => "SHOGI_RESULT_RECORD_LIMIT_EXCEEDED\0",
            RecordNumberTooLarge => "SHOGI_RESULT_RECORD_NUMBER_TOO_LARGE\0",
            RecordCollection => "SHOGI_RESULT_RECORD_COLLECTION\0",
            RecordOther => "SHOGI_RESULT_RECORD_OTHER\0",
            UsiMessageEmpty => "SHOGI_RESULT_USI_MESSAGE_EMPTY\0",
            UsiMessageMissingValue => "SHOGI_RESULT_USI_MESSAGE_MISSING_VALUE\0",
            UsiMessageBadNumber => "SHOGI_RESULT_USI_MESSAGE_BAD_NUMBER\0",
            UsiMessageBadMove => "SHOGI_RESULT_USI_MESSAGE_BAD_MOVE\0",
            UsiMessageBadWord => "SHOGI_RESULT_USI_MESSAGE_BAD_WORD\0",
            UsiMessageUnexpected => "SHOGI_RESULT_USI_MESSAGE_UNEXPECTED\0",
            UsiMessagePosition => "SHOGI_RESULT_USI_MESSAGE_POSITION\0",
            UsiMessageOther => "SHOGI_RESULT_USI_MESSAGE_OTHER\0",
            AiStrength => "SHOGI_RESULT_AI_STRENGTH\0",
            AiMateOpponentInCheck => "SHOGI_RESULT_AI_MATE_OPPONENT_IN_CHECK\0",
            AiMateNoDefendingKing => "SHOGI_RESULT_AI_MATE_NO_DEFENDING_KING\0",
            AiGameOver => "SHOGI_RESULT_AI_GAME_OVER\0",
            AiNoLegalMoves => "SHOGI_RESULT_AI_NO_LEGAL_MOVES\0",
            AiOther => "SHOGI_RESULT_AI_OTHER\0",
            TrainingBadCode => "SHOGI_RESULT_TRAINING_BAD_CODE\0",
            TrainingTruncated => "SHOGI_RESULT_TRAINING_TRUNCATED\0",
            TrainingKingSquare => "SHOGI_RESULT_TRAINING_KING_SQUARE\0",
            TrainingKings => "SHOGI_RESULT_TRAINING_KINGS\0",
            TrainingPieceCount => "SHOGI_RESULT_TRAINING_PIECE_COUNT\0",
            TrainingNoSuchMove => "SHOGI_RESULT_TRAINING_NO_SUCH_MOVE\0",
            TrainingLength => "SHOGI_RESULT_TRAINING_LENGTH\0",
            TrainingOther => "SHOGI_RESULT_TRAINING_OTHER\0",
        }
    }

    /// A one-line English description.
    pub(crate) const fn message(self) -> &'static str {
        use shogi_result::*;
        match self {
            Ok => "success",
            NullParameter => "a required pointer argument was NULL",
            Panic => "internal error: the library panicked",
            InvalidUtf8 => "the text is not valid UTF-8",
            BufferTooSmall => "the buffer is too small",
            InvalidArgument => "an argument is out of range",
            NotFound => "not found",
            SfenEmpty => "SFEN: empty text",
            SfenMissingField => "SFEN: a field is missing",
            SfenBoardCharacter => "SFEN: unexpected character in the board",
            SfenBadPromotion => "SFEN: '+' must be followed by one of P L N S B R",
            SfenRowLength => "SFEN: a board row does not have 9 squares",
            SfenRowCount => "SFEN: the board does not have 9 rows",
            SfenSideToMove => "SFEN: the side to move must be 'b' or 'w'",
            SfenHandCharacter => "SFEN: unexpected character in the hand",
            SfenHandCount => "SFEN: bad count in the hand",
            SfenMoveNumber => "SFEN: the move number must be a whole number",
            SfenTrailingText => "SFEN: unexpected text after the SFEN",
            SetupTooManyKings => "illegal setup: a side has more than one king",
            SetupTooManyPieces => "illegal setup: more pieces of a kind than the standard set",
            SetupTwoPawnsOnFile => "illegal setup: two unpromoted pawns of one side on a file",
            SetupDeadPiece => "illegal setup: a piece that could never move",
            SetupOpponentInCheck => "illegal setup: the side not to move is in check",
            SfenOther => "invalid SFEN or setup",
            IllegalNotInHand => "illegal move: not_in_hand: the piece is not in hand",
            IllegalOccupied => "illegal move: occupied: the destination is occupied",
            IllegalDeadPiece => "illegal move: dead_piece: the piece could never move again",
            IllegalNifu => "illegal move: nifu: two unpromoted pawns on a file",
            IllegalLeavesKingInCheck => "illegal move: leaves_king_in_check",
            IllegalUchifuzume => "illegal move: uchifuzume: a pawn drop may not give checkmate",
            IllegalNotAPieceMove => "illegal move: not_a_piece_move",
            IllegalCannotPromote => "illegal move: cannot_promote",
            IllegalMustPromote => "illegal move: must_promote",
            IllegalOther => "illegal move",
            UsiEmpty => "empty move text",
            UsiBadLength => "a USI move has 4 or 5 characters (7g7f, 8h2b+, P*5e)",
            UsiBadSquare => "bad square in the USI move: expected a file 1-9 and a rank a-i",
            UsiBadDropPiece => "bad drop piece in the USI move: expected one of P L N S G B R",
            UsiBadSuffix => "only + may follow a USI move",
            NotationSyntax => "the text is not a move in this notation",
            NotationWrongSide => "the move is marked for the side not to move",
            NotationNoPreviousMove => "the move says 'same square' but no previous move was given",
            NotationNoSuchMove => "no legal move is written so",
            NotationAmbiguous => "the move text is ambiguous: it fits several legal moves",
            MoveTextOther => "malformed move text",
            GameOver => "the game is over",
            NothingToUndo => "there is no move to take back",
            ImpasseNotOffered => "impasse declaration rejected: the rules have no declaration",
            ImpasseNoKing => "impasse declaration rejected: the declarer has no king",
            ImpasseKingsNotInZone => "impasse declaration rejected: a king is not in its zone",
            ImpasseInCheck => "impasse declaration rejected: the declarer is in check",
            ImpasseTooFewPieces => "impasse declaration rejected: too few pieces in the enemy camp",
            ImpasseTooFewPoints => "impasse declaration rejected: too few points",
            ImpasseOther => "impasse declaration rejected",
            NotYourTurn => "it is not that player's turn",
            DrawOffersExhausted => "the player has no draw offers left",
            DrawOfferPending => "a draw offer is already open",
            NoDrawOffer => "there is no draw offer to answer",
            NoClock => "the game has no clock",
            GameJson => "the JSON is not a valid saved game",
            UsiCommandMissingStart => "expected 'startpos' or 'sfen <SFEN>' after 'position'",
            UsiCommandExpectedMoves => "expected 'moves' after the position",
            MoveAfterEnd => "a move follows the end of the game",
            RestoreStart => "saved game: the start position is malformed or illegal",
            RestoreMove => "saved game: a move is malformed or illegal",
            RestoreOutcomeMismatch => {
                "saved game: the moves end the game otherwise than the saved result"
            }
            RestoreMissingOutcome => "saved game: the moves end the game but no result is saved",
            RestoreRulesDecided => {
                "saved game: a result the rules decide, but the moves do not end the game"
            }
            RestoreWinner => "saved game: the winner does not fit the termination",
            RestoreEndingNotAllowed => "saved game: the game could not have ended so",
            RestoreDeclaration => {
                "saved game: the impasse declaration does not hold on the final position"
            }
            RestoreDrawOffers => "saved game: more draw offers than the rules allow",
            RestoreDrawOffer => "saved game: the open draw offer could not have been made",
            RestoreClockMissing => "saved game: the rules are timed but no clock is saved",
            RestoreUnexpectedClock => "saved game: the rules are untimed but a clock is saved",
            RestoreClockSettings => "saved game: the clock's settings are not the rules'",
            RestoreClockState => "saved game: a remaining time beyond the clock settings",
            RestoreTimedOut => "saved game: a side's time ran out but the game did not end on time",
            RestoreNotTimedOut => "saved game: a loss on time whose loser's time has not run out",
            GameOther => "the game refused the action",
            RecordEncoding => "record: the text is not valid in its encoding",
            RecordUnknownFormat => "record: not a KIF, KI2, CSA, JKF or USI record",
            RecordUnknownHandicap => "record: unknown handicap and no board diagram",
            RecordBadHeader => "record: malformed header",
            RecordBadPosition => "record: malformed start position",
            RecordIllegalPosition => "record: the start position is not a legal setup",
            RecordBadMoveText => "record: malformed move",
            RecordIllegalMove => "record: illegal move",
            RecordNoSuchMove => "record: a move matches no legal move",
            RecordAmbiguousMove => "record: a move is ambiguous",
            RecordMoveNumber => "record: move number out of sequence",
            RecordMoveAfterEnd => "record: a move follows the end of the line",
            RecordBadTime => "record: malformed time",
            RecordBadVariation => "record: a variation has no move to branch from",
            RecordJson => "record: malformed JKF",
            RecordUnsupported => "record: the format is not supported (unused)",
            RecordUnexpectedLine => "record: unexpected line",
            RecordLimitExceeded => "record: the input exceeds a read limit",
            RecordNumberTooLarge => "record: a number is too large",
            RecordCollection => "record: the file holds several records",
            RecordOther => "record: unreadable",
            UsiMessageEmpty => "USI message: empty line",
            UsiMessageMissingValue => "USI message: a field's value is missing",
            UsiMessageBadNumber => "USI message: a number is malformed or out of range",
            UsiMessageBadMove => "USI message: a move is not a USI move",
            UsiMessageBadWord => "USI message: a word the field does not take",
            UsiMessageUnexpected => "USI message: unexpected word after the message or field",
            UsiMessagePosition => "USI message: malformed position command",
            UsiMessageOther => "USI message: malformed line",
            AiStrength => "the strength must be from 1 to 10",
            AiMateOpponentInCheck => "checkmate search: the side not to move is in check",
            AiMateNoDefendingKing => "checkmate search: the side not to move has no king",
            AiGameOver => "the game is over: there is no move to choose",
            AiNoLegalMoves => "the side to move has no legal move",
            AiOther => "the built-in opponent failed",
            TrainingBadCode => "training data: bits that are no code",
            TrainingTruncated => "training data: a code runs past the end",
            TrainingKingSquare => "training data: a king square off the board or taken",
            TrainingKings => "training data: the format needs one king of each side",
            TrainingPieceCount => "training data: piece counts other than the set's",
            TrainingNoSuchMove => "training data: the move16 is no legal move here",
            TrainingLength => "training data: no whole number of entries",
            TrainingOther => "training data: unreadable",
        }
    }
}

/// Writes the English description of `result` into `buf`: the text plus a NUL,
/// with its length (without the NUL) in `*out_len`. A value that is not a
/// known code gets the text `unknown result code`.
///
/// Returns `SHOGI_RESULT_NULL_PARAMETER` if `out_len` is NULL, or `buf` is NULL
/// while `buf_len` is not 0; `SHOGI_RESULT_BUFFER_TOO_SMALL` (with the needed
/// length in `*out_len`, and an empty string in `buf` when `buf_len > 0`) if
/// the text and its NUL do not fit. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_result_message(
    result: u32,
    buf: *mut c_char,
    buf_len: usize,
    out_len: *mut usize,
) -> shogi_result {
    result_message(result, buf, buf_len, out_len)
}

/// The C name of `result` as a static NUL-terminated string
/// (`"SHOGI_RESULT_ILLEGAL_NIFU"`), or NULL for a value that is not a known
/// code. Infallible; the string must not be freed. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn shogi_result_name(result: u32) -> *const c_char {
    result_name::<shogi_result>(result)
}

impl From<IllegalReason> for shogi_result {
    fn from(reason: IllegalReason) -> shogi_result {
        match reason {
            IllegalReason::NotInHand => shogi_result::IllegalNotInHand,
            IllegalReason::Occupied => shogi_result::IllegalOccupied,
            IllegalReason::DeadPiece => shogi_result::IllegalDeadPiece,
            IllegalReason::Nifu => shogi_result::IllegalNifu,
            IllegalReason::LeavesKingInCheck => shogi_result::IllegalLeavesKingInCheck,
            IllegalReason::Uchifuzume => shogi_result::IllegalUchifuzume,
            IllegalReason::NotAPieceMove => shogi_result::IllegalNotAPieceMove,
            IllegalReason::CannotPromote => shogi_result::IllegalCannotPromote,
            IllegalReason::MustPromote => shogi_result::IllegalMustPromote,
            _ => shogi_result::IllegalOther,
        }
    }
}

impl From<IllegalMoveError> for shogi_result {
    fn from(err: IllegalMoveError) -> shogi_result {
        err.reason().into()
    }
}

impl From<ParseUsiMoveError> for shogi_result {
    fn from(err: ParseUsiMoveError) -> shogi_result {
        match err {
            ParseUsiMoveError::Empty => shogi_result::UsiEmpty,
            ParseUsiMoveError::BadLength(_) => shogi_result::UsiBadLength,
            ParseUsiMoveError::BadSquare { .. } => shogi_result::UsiBadSquare,
            ParseUsiMoveError::BadDropPiece(_) => shogi_result::UsiBadDropPiece,
            ParseUsiMoveError::BadSuffix(_) => shogi_result::UsiBadSuffix,
            _ => shogi_result::MoveTextOther,
        }
    }
}

impl From<UsiMoveError> for shogi_result {
    fn from(err: UsiMoveError) -> shogi_result {
        match err {
            UsiMoveError::Syntax(e) => e.into(),
            UsiMoveError::Illegal(e) => e.into(),
            _ => shogi_result::MoveTextOther,
        }
    }
}

impl From<SetupError> for shogi_result {
    fn from(err: SetupError) -> shogi_result {
        match err {
            SetupError::TooManyKings { .. } => shogi_result::SetupTooManyKings,
            SetupError::TooManyPieces { .. } => shogi_result::SetupTooManyPieces,
            SetupError::TwoPawnsOnFile { .. } => shogi_result::SetupTwoPawnsOnFile,
            SetupError::DeadPiece { .. } => shogi_result::SetupDeadPiece,
            SetupError::OpponentInCheck { .. } => shogi_result::SetupOpponentInCheck,
            _ => shogi_result::SfenOther,
        }
    }
}

impl From<SfenError> for shogi_result {
    fn from(err: SfenError) -> shogi_result {
        match err {
            SfenError::Empty => shogi_result::SfenEmpty,
            SfenError::MissingField { .. } => shogi_result::SfenMissingField,
            SfenError::BoardCharacter { .. } => shogi_result::SfenBoardCharacter,
            SfenError::BadPromotion { .. } => shogi_result::SfenBadPromotion,
            SfenError::RowLength { .. } => shogi_result::SfenRowLength,
            SfenError::RowCount { .. } => shogi_result::SfenRowCount,
            SfenError::SideToMove { .. } => shogi_result::SfenSideToMove,
            SfenError::HandCharacter { .. } => shogi_result::SfenHandCharacter,
            SfenError::HandCount { .. } => shogi_result::SfenHandCount,
            SfenError::MoveNumber { .. } => shogi_result::SfenMoveNumber,
            SfenError::TrailingText { .. } => shogi_result::SfenTrailingText,
            SfenError::Setup(e) => e.into(),
            _ => shogi_result::SfenOther,
        }
    }
}

impl From<WesternError> for shogi_result {
    fn from(err: WesternError) -> shogi_result {
        match err {
            WesternError::Syntax { .. } => shogi_result::NotationSyntax,
            WesternError::Illegal(e) => e.into(),
            WesternError::NoSuchMove { .. } => shogi_result::NotationNoSuchMove,
            WesternError::Ambiguous { .. } => shogi_result::NotationAmbiguous,
            _ => shogi_result::MoveTextOther,
        }
    }
}

impl From<JapaneseError> for shogi_result {
    fn from(err: JapaneseError) -> shogi_result {
        match err {
            JapaneseError::Syntax { .. } => shogi_result::NotationSyntax,
            JapaneseError::WrongSide { .. } => shogi_result::NotationWrongSide,
            JapaneseError::NoPreviousMove { .. } => shogi_result::NotationNoPreviousMove,
            JapaneseError::Illegal(e) => e.into(),
            JapaneseError::NoSuchMove { .. } => shogi_result::NotationNoSuchMove,
            JapaneseError::Ambiguous { .. } => shogi_result::NotationAmbiguous,
            _ => shogi_result::MoveTextOther,
        }
    }
}

impl From<CsaError> for shogi_result {
    fn from(err: CsaError) -> shogi_result {
        match err {
            CsaError::Syntax { .. } => shogi_result::NotationSyntax,
            CsaError::WrongSide { .. } => shogi_result::NotationWrongSide,
            CsaError::Illegal(e) => e.into(),
            CsaError::NoSuchMove { .. } => shogi_result::NotationNoSuchMove,
            _ => shogi_result::MoveTextOther,
        }
    }
}

impl From<DeclarationRejection> for shogi_result {
    fn from(reason: DeclarationRejection) -> shogi_result {
        match reason {
            DeclarationRejection::NotOffered => shogi_result::ImpasseNotOffered,
            DeclarationRejection::NoKing => shogi_result::ImpasseNoKing,
            DeclarationRejection::KingsNotInZone => shogi_result::ImpasseKingsNotInZone,
            DeclarationRejection::InCheck => shogi_result::ImpasseInCheck,
            DeclarationRejection::TooFewPieces => shogi_result::ImpasseTooFewPieces,
            DeclarationRejection::TooFewPoints => shogi_result::ImpasseTooFewPoints,
            _ => shogi_result::ImpasseOther,
        }
    }
}

impl From<GameError> for shogi_result {
    fn from(err: GameError) -> shogi_result {
        match err {
            GameError::GameOver(_) => shogi_result::GameOver,
            GameError::IllegalMove(e) => e.into(),
            GameError::BadMoveText(e) => e.into(),
            GameError::NothingToUndo => shogi_result::NothingToUndo,
            GameError::DeclarationRejected(reason) => reason.into(),
            GameError::NotYourTurn(_) => shogi_result::NotYourTurn,
            GameError::NoDrawOffersLeft(_) => shogi_result::DrawOffersExhausted,
            GameError::DrawOfferPending => shogi_result::DrawOfferPending,
            GameError::NoDrawOffer => shogi_result::NoDrawOffer,
            GameError::NoClock => shogi_result::NoClock,
            GameError::NotStatable(e) => (&e).into(),
            _ => shogi_result::GameOther,
        }
    }
}

impl From<UsiCommandError> for shogi_result {
    fn from(err: UsiCommandError) -> shogi_result {
        match err {
            UsiCommandError::MissingStart { .. } => shogi_result::UsiCommandMissingStart,
            UsiCommandError::Sfen(e) => e.into(),
            UsiCommandError::ExpectedMoves { .. } => shogi_result::UsiCommandExpectedMoves,
            UsiCommandError::BadMove { source, .. } => source.into(),
            UsiCommandError::IllegalMove { source, .. } => source.into(),
            _ => shogi_result::GameOther,
        }
    }
}

impl From<GameFromUsiError> for shogi_result {
    fn from(err: GameFromUsiError) -> shogi_result {
        match err {
            GameFromUsiError::Command(e) => e.into(),
            GameFromUsiError::IllegalMove { source, .. } => source.into(),
            GameFromUsiError::AfterEnd { .. } => shogi_result::MoveAfterEnd,
            GameFromUsiError::LimitExceeded { .. } => shogi_result::RecordLimitExceeded,
            _ => shogi_result::GameOther,
        }
    }
}

/// Every variant of the core's exhaustive `RestoreError` has its own code; a
/// variant added there fails this build until it gets one.
impl From<&RestoreError> for shogi_result {
    fn from(err: &RestoreError) -> shogi_result {
        match err {
            RestoreError::Start(_) => shogi_result::RestoreStart,
            RestoreError::Move { .. } => shogi_result::RestoreMove,
            RestoreError::MoveAfterEnd { .. } => shogi_result::MoveAfterEnd,
            RestoreError::OutcomeMismatch { .. } => shogi_result::RestoreOutcomeMismatch,
            RestoreError::MissingOutcome { .. } => shogi_result::RestoreMissingOutcome,
            RestoreError::RulesDecided { .. } => shogi_result::RestoreRulesDecided,
            RestoreError::Winner(_) => shogi_result::RestoreWinner,
            RestoreError::EndingNotAllowed { .. } => shogi_result::RestoreEndingNotAllowed,
            RestoreError::Declaration { .. } => shogi_result::RestoreDeclaration,
            RestoreError::DrawOffers { .. } => shogi_result::RestoreDrawOffers,
            RestoreError::DrawOffer { .. } => shogi_result::RestoreDrawOffer,
            RestoreError::ClockMissing => shogi_result::RestoreClockMissing,
            RestoreError::UnexpectedClock => shogi_result::RestoreUnexpectedClock,
            RestoreError::ClockSettings { .. } => shogi_result::RestoreClockSettings,
            RestoreError::ClockState(_) => shogi_result::RestoreClockState,
            RestoreError::TimedOut { .. } => shogi_result::RestoreTimedOut,
            RestoreError::NotTimedOut { .. } => shogi_result::RestoreNotTimedOut,
        }
    }
}

impl From<&GameJsonError> for shogi_result {
    fn from(err: &GameJsonError) -> shogi_result {
        match err {
            GameJsonError::Json(_) => shogi_result::GameJson,
            GameJsonError::Restore(e) => e.into(),
        }
    }
}

impl From<&RecordErrorKind> for shogi_result {
    fn from(kind: &RecordErrorKind) -> shogi_result {
        match kind {
            RecordErrorKind::Encoding(_) => shogi_result::RecordEncoding,
            RecordErrorKind::UnknownFormat => shogi_result::RecordUnknownFormat,
            RecordErrorKind::UnknownHandicap(_) => shogi_result::RecordUnknownHandicap,
            RecordErrorKind::BadHeader(_) => shogi_result::RecordBadHeader,
            RecordErrorKind::BadPosition(_) => shogi_result::RecordBadPosition,
            RecordErrorKind::IllegalPosition(_) => shogi_result::RecordIllegalPosition,
            RecordErrorKind::BadMoveText(_) => shogi_result::RecordBadMoveText,
            RecordErrorKind::IllegalMove { .. } => shogi_result::RecordIllegalMove,
            RecordErrorKind::NoSuchMove { .. } => shogi_result::RecordNoSuchMove,
            RecordErrorKind::AmbiguousMove { .. } => shogi_result::RecordAmbiguousMove,
            RecordErrorKind::MoveNumber { .. } => shogi_result::RecordMoveNumber,
            RecordErrorKind::MoveAfterEnd => shogi_result::RecordMoveAfterEnd,
            RecordErrorKind::BadTime(_) => shogi_result::RecordBadTime,
            RecordErrorKind::BadVariation(_) => shogi_result::RecordBadVariation,
            RecordErrorKind::Json(_) => shogi_result::RecordJson,
            RecordErrorKind::UnexpectedLine(_) => shogi_result::RecordUnexpectedLine,
            RecordErrorKind::LimitExceeded { .. } => shogi_result::RecordLimitExceeded,
            RecordErrorKind::NumberTooLarge { .. } => shogi_result::RecordNumberTooLarge,
            RecordErrorKind::Collection { .. } => shogi_result::RecordCollection,
            _ => shogi_result::RecordOther,
        }
    }
}

impl From<&UsiMessageError> for shogi_result {
    fn from(err: &UsiMessageError) -> shogi_result {
        match err {
            UsiMessageError::Empty => shogi_result::UsiMessageEmpty,
            UsiMessageError::MissingValue { .. } => shogi_result::UsiMessageMissingValue,
            UsiMessageError::BadNumber { .. } => shogi_result::UsiMessageBadNumber,
            UsiMessageError::BadMove { .. } => shogi_result::UsiMessageBadMove,
            UsiMessageError::BadWord { .. } => shogi_result::UsiMessageBadWord,
            UsiMessageError::Unexpected { .. } => shogi_result::UsiMessageUnexpected,
            UsiMessageError::Position(_) => shogi_result::UsiMessagePosition,
            _ => shogi_result::UsiMessageOther,
        }
    }
}

impl From<&PackError> for shogi_result {
    fn from(err: &PackError) -> shogi_result {
        match err {
            PackError::BadCode { .. } => shogi_result::TrainingBadCode,
            PackError::Truncated { .. } => shogi_result::TrainingTruncated,
            PackError::KingSquare { .. } => shogi_result::TrainingKingSquare,
            PackError::Kings { .. } => shogi_result::TrainingKings,
            PackError::PieceCount { .. } => shogi_result::TrainingPieceCount,
            // A decoded position the rules refuse: the code of the SFEN reader.
            PackError::Setup(e) => shogi_result::from(e.clone()),
            PackError::NoSuchMove { .. } => shogi_result::TrainingNoSuchMove,
            PackError::Length { .. } => shogi_result::TrainingLength,
            _ => shogi_result::TrainingOther,
        }
    }
}

impl From<StrengthError> for shogi_result {
    fn from(_: StrengthError) -> shogi_result {
        shogi_result::AiStrength
    }
}

impl From<&MateError> for shogi_result {
    fn from(err: &MateError) -> shogi_result {
        match err {
            MateError::OpponentInCheck => shogi_result::AiMateOpponentInCheck,
            MateError::NoDefendingKing => shogi_result::AiMateNoDefendingKing,
            _ => shogi_result::AiOther,
        }
    }
}

impl From<PlayError> for shogi_result {
    fn from(err: PlayError) -> shogi_result {
        match err {
            PlayError::GameOver => shogi_result::AiGameOver,
            PlayError::NoLegalMoves => shogi_result::AiNoLegalMoves,
            _ => shogi_result::AiOther,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::time::Duration;
    use ffi_boundary::result_of;
    use shogi::notation::{csa, japanese, western};
    use shogi::record::{Limit, ReadLimits};
    use shogi::{Game, Position, RuleSet};

    /// The published values. A failure here means a code changed its number,
    /// which breaks every compiled C client.
    const PUBLISHED: [(shogi_result, u32); 123] = {
        use shogi_result::*;
        [
            (Ok, 0),
            (NullParameter, 1),
            (Panic, 2),
            (InvalidUtf8, 3),
            (BufferTooSmall, 4),
            (InvalidArgument, 5),
            (NotFound, 6),
            (SfenEmpty, 100),
            (SfenMissingField, 101),
            (SfenBoardCharacter, 102),
            (SfenBadPromotion, 103),
            (SfenRowLength, 104),
            (SfenRowCount, 105),
            (SfenSideToMove, 106),
            (SfenHandCharacter, 107),
            (SfenHandCount, 108),
            (SfenMoveNumber, 109),
            (SfenTrailingText, 110),
            (SetupTooManyKings, 120),
            (SetupTooManyPieces, 121),
            (SetupTwoPawnsOnFile, 122),
            (SetupDeadPiece, 123),
            (SetupOpponentInCheck, 124),
            (SfenOther, 199),
            (IllegalNotInHand, 200),
            (IllegalOccupied, 201),
            (IllegalDeadPiece, 202),
            (IllegalNifu, 203),
            (IllegalLeavesKingInCheck, 204),
            (IllegalUchifuzume, 205),
            (IllegalNotAPieceMove, 206),
            (IllegalCannotPromote, 207),
            (IllegalMustPromote, 208),
            (IllegalOther, 249),
            (UsiEmpty, 250),
            (UsiBadLength, 251),
            (UsiBadSquare, 252),
            (UsiBadDropPiece, 253),
            (UsiBadSuffix, 254),
            (NotationSyntax, 260),
            (NotationWrongSide, 261),
            (NotationNoPreviousMove, 262),
            (NotationNoSuchMove, 263),
            (NotationAmbiguous, 264),
            (MoveTextOther, 299),
            (GameOver, 300),
            (NothingToUndo, 301),
            (ImpasseNotOffered, 302),
            (ImpasseNoKing, 303),
            (ImpasseKingsNotInZone, 304),
            (ImpasseInCheck, 305),
            (ImpasseTooFewPieces, 306),
            (ImpasseTooFewPoints, 307),
            (ImpasseOther, 308),
            (NotYourTurn, 310),
            (DrawOffersExhausted, 311),
            (DrawOfferPending, 312),
            (NoDrawOffer, 313),
            (NoClock, 314),
            (GameJson, 320),
            (UsiCommandMissingStart, 321),
            (UsiCommandExpectedMoves, 322),
            (MoveAfterEnd, 323),
            (RestoreStart, 324),
            (RestoreMove, 325),
            (RestoreOutcomeMismatch, 326),
            (RestoreMissingOutcome, 327),
            (RestoreRulesDecided, 328),
            (RestoreWinner, 329),
            (RestoreEndingNotAllowed, 330),
            (RestoreDeclaration, 331),
            (RestoreDrawOffers, 332),
            (RestoreDrawOffer, 333),
            (RestoreClockMissing, 334),
            (RestoreUnexpectedClock, 335),
            (RestoreClockSettings, 336),
            (RestoreClockState, 337),
            (RestoreTimedOut, 338),
            (RestoreNotTimedOut, 339),
            (GameOther, 349),
            (RecordEncoding, 400),
            (RecordUnknownFormat, 401),
            (RecordUnknownHandicap, 402),
            (RecordBadHeader, 403),
            (RecordBadPosition, 404),
            (RecordIllegalPosition, 405),
            (RecordBadMoveText, 406),
            (RecordIllegalMove, 407),
            (RecordNoSuchMove, 408),
            (RecordAmbiguousMove, 409),
            (RecordMoveNumber, 410),
            (RecordMoveAfterEnd, 411),
            (RecordBadTime, 412),
            (RecordBadVariation, 413),
            (RecordJson, 414),
            (RecordUnsupported, 415),
            (RecordUnexpectedLine, 416),
            (RecordLimitExceeded, 417),
            (RecordNumberTooLarge, 418),
            (RecordCollection, 419),
            (RecordOther, 499),
            (UsiMessageEmpty, 500),
            (UsiMessageMissingValue, 501),
            (UsiMessageBadNumber, 502),
            (UsiMessageBadMove, 503),
            (UsiMessageBadWord, 504),
            (UsiMessageUnexpected, 505),
            (UsiMessagePosition, 506),
            (UsiMessageOther, 549),
            (AiStrength, 550),
            (AiMateOpponentInCheck, 551),
            (AiMateNoDefendingKing, 552),
            (AiGameOver, 553),
            (AiNoLegalMoves, 554),
            (AiOther, 569),
            (TrainingBadCode, 570),
            (TrainingTruncated, 571),
            (TrainingKingSquare, 572),
            (TrainingKings, 573),
            (TrainingPieceCount, 574),
            (TrainingNoSuchMove, 575),
            (TrainingLength, 576),
            (TrainingOther, 599),
        ]
    };

    #[test]
    fn codes_keep_their_published_values() {
        for (code, value) in PUBLISHED {
            assert_eq!(code as u32, value, "{code:?}");
        }
        assert_eq!(
            all_results(),
            PUBLISHED.map(|(code, _)| code).as_slice(),
            "every code is listed once, in increasing order"
        );
    }

    #[test]
    fn every_code_has_a_name_and_a_message_and_reads_back_from_its_value() {
        for &code in all_results() {
            let name = code.name();
            assert!(name.starts_with("SHOGI_RESULT_") && name.ends_with('\0'));
            assert!(!code.message().is_empty());
            assert_eq!(result_of::<shogi_result>(code as u32), Some(code));
        }
        assert_eq!(result_of::<shogi_result>(7), None);
        assert_eq!(result_of::<shogi_result>(u32::MAX), None);
    }

    /// The header lists exactly the codes of `all_results`, with the same
    /// names and values (it is generated, but a stale header would lie).
    #[test]
    fn the_committed_header_lists_every_code() {
        let header = include_str!("../../include/shogi_rules.h");
        assert_eq!(
            ffi_boundary::header_codes(header, "SHOGI_RESULT_"),
            ffi_boundary::table_codes::<shogi_result>()
        );
    }

    /// The codes no function returns any more; their values stay reserved
    /// (`PUBLISHED`) and their names defined.
    const UNUSED: [shogi_result; 1] = [shogi_result::RecordUnsupported];

    /// The catch-all codes: what a variant of a core error enum that this
    /// library does not name would map to.
    const CATCH_ALL: [shogi_result; 9] = {
        use shogi_result::*;
        [
            SfenOther,
            IllegalOther,
            MoveTextOther,
            ImpasseOther,
            GameOther,
            RecordOther,
            UsiMessageOther,
            AiOther,
            TrainingOther,
        ]
    };

    /// Every variant of every error enum of the core (`examples()`, one value
    /// a variant) maps to a code of its own, not to a catch-all `*_OTHER`
    /// code. The enums that no function returns alone are walked inside the
    /// error that carries them: `ClockStateError` and `OutcomeError` in a
    /// saved game's `RestoreError`, `Limit` in `RecordErrorKind`.
    #[test]
    fn no_core_error_maps_to_a_catch_all_code() {
        use shogi::record::Limit;
        use shogi::{ClockStateError, OutcomeError};
        let mut codes: Vec<(String, shogi_result)> = Vec::new();
        let mut add = |name: &str, errors: Vec<(String, shogi_result)>| {
            assert!(!errors.is_empty(), "{name} has no examples");
            codes.extend(errors);
        };
        macro_rules! walk {
            ($ty:ty, $to_code:expr) => {
                add(
                    stringify!($ty),
                    <$ty>::examples()
                        .into_iter()
                        .map(|e| (format!("{e:?}"), $to_code(e)))
                        .collect(),
                )
            };
        }
        walk!(ParseUsiMoveError, shogi_result::from);
        walk!(IllegalReason, shogi_result::from);
        walk!(UsiMoveError, shogi_result::from);
        walk!(SfenError, shogi_result::from);
        walk!(SetupError, shogi_result::from);
        walk!(ClockStateError, |e| shogi_result::from(
            &RestoreError::ClockState(e)
        ));
        walk!(UsiCommandError, shogi_result::from);
        walk!(OutcomeError, |e| shogi_result::from(&RestoreError::Winner(
            e
        )));
        walk!(DeclarationRejection, shogi_result::from);
        walk!(GameError, shogi_result::from);
        walk!(GameFromUsiError, shogi_result::from);
        walk!(RestoreError, |e| shogi_result::from(&e));
        walk!(GameJsonError, |e| shogi_result::from(&e));
        walk!(WesternError, shogi_result::from);
        walk!(JapaneseError, shogi_result::from);
        walk!(CsaError, shogi_result::from);
        walk!(RecordErrorKind, |e| shogi_result::from(&e));
        walk!(shogi::record::EditError, crate::record_edit::edit_result);
        walk!(UsiMessageError, |e| shogi_result::from(&e));
        walk!(Limit, |limit| shogi_result::from(
            &RecordErrorKind::LimitExceeded { limit, max: 0 }
        ));
        walk!(MateError, |e| shogi_result::from(&e));
        walk!(PlayError, shogi_result::from);
        walk!(StrengthError, shogi_result::from);
        walk!(PackError, |e| shogi_result::from(&e));
        for (error, code) in codes {
            assert!(
                !CATCH_ALL.contains(&code)
                    && code != shogi_result::Ok
                    && code != shogi_result::Panic,
                "{error} maps to {code:?}"
            );
        }
    }

    /// Each variant of the built-in opponent's errors has a code of its own,
    /// in the range 550–569.
    #[test]
    fn each_ai_error_has_its_own_code() {
        let mut codes: Vec<shogi_result> = MateError::examples()
            .iter()
            .map(shogi_result::from)
            .collect();
        codes.extend(PlayError::examples().into_iter().map(shogi_result::from));
        codes.extend(
            StrengthError::examples()
                .into_iter()
                .map(shogi_result::from),
        );
        assert_eq!(codes.len(), 5);
        for (i, code) in codes.iter().enumerate() {
            assert!((550..569).contains(&(*code as u32)), "{code:?}");
            assert!(!codes[..i].contains(code), "{code:?} twice");
        }
    }

    /// Each variant of the training formats' errors but `Setup` (the codes
    /// of the setup rules) has a code of its own, in the range 570–599.
    #[test]
    fn each_training_error_has_its_own_code() {
        let mut codes = Vec::new();
        for err in PackError::examples() {
            let code = shogi_result::from(&err);
            if let PackError::Setup(setup) = &err {
                assert_eq!(code, shogi_result::from(setup.clone()));
                continue;
            }
            assert!((570..599).contains(&(code as u32)), "{code:?}");
            assert!(!codes.contains(&code), "{code:?} twice");
            codes.push(code);
        }
        assert_eq!(codes.len(), 7);
    }

    #[test]
    fn each_illegal_reason_has_its_own_code() {
        let cases = [
            (IllegalReason::NotInHand, 200),
            (IllegalReason::Occupied, 201),
            (IllegalReason::DeadPiece, 202),
            (IllegalReason::Nifu, 203),
            (IllegalReason::LeavesKingInCheck, 204),
            (IllegalReason::Uchifuzume, 205),
            (IllegalReason::NotAPieceMove, 206),
            (IllegalReason::CannotPromote, 207),
            (IllegalReason::MustPromote, 208),
        ];
        for (reason, value) in cases {
            assert_eq!(shogi_result::from(reason) as u32, value, "{reason:?}");
        }
    }

    fn sfen_code(sfen: &str) -> shogi_result {
        Position::from_sfen(sfen).unwrap_err().into()
    }

    #[test]
    fn sfen_and_setup_errors_map_to_their_codes() {
        use shogi_result::*;
        let cases = [
            ("", SfenEmpty),
            ("9/9/9/9/9/9/9/9/9", SfenMissingField),
            ("9/9/9/9/9/9/9/9/8x b - 1", SfenBoardCharacter),
            ("9/9/9/9/9/9/9/9/8+ b - 1", SfenBadPromotion),
            ("9/9/9/9/9/9/9/9/8 b - 1", SfenRowLength),
            ("9/9/9/9/9/9/9/9 b - 1", SfenRowCount),
            ("9/9/9/9/9/9/9/9/9 x - 1", SfenSideToMove),
            ("9/9/9/9/9/9/9/9/9 b X 1", SfenHandCharacter),
            ("9/9/9/9/9/9/9/9/9 b 0P 1", SfenHandCount),
            ("9/9/9/9/9/9/9/9/9 b - x", SfenMoveNumber),
            ("9/9/9/9/9/9/9/9/9 b - 1 x", SfenTrailingText),
            ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", SetupTooManyKings),
            ("4k4/9/9/9/9/9/9/9/4K4 b 3R 1", SetupTooManyPieces),
            ("4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1", SetupTwoPawnsOnFile),
            ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", SetupDeadPiece),
            ("4k4/9/9/9/4L4/9/9/9/4K4 b - 1", SetupOpponentInCheck),
        ];
        for (sfen, code) in cases {
            assert_eq!(sfen_code(sfen), code, "{sfen:?}");
        }
    }

    #[test]
    fn usi_syntax_errors_map_to_their_codes() {
        use shogi_result::*;
        let pos = Position::startpos();
        for (text, code) in [
            ("", UsiEmpty),
            ("7g7", UsiBadLength),
            ("7g7z", UsiBadSquare),
            ("K*5e", UsiBadDropPiece),
            ("7g7f=", UsiBadSuffix),
        ] {
            assert_eq!(
                shogi_result::from(pos.parse_usi_move(text).unwrap_err()),
                code
            );
        }
    }

    #[test]
    fn notation_errors_map_to_their_codes() {
        use shogi_result::*;
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1").unwrap();
        let code = |r: Result<shogi::Move, shogi_result>| r.unwrap_err();
        let w = |t: &str| code(western::parse(&pos, t).map_err(shogi_result::from));
        let j = |t: &str| code(japanese::parse(&pos, t, None).map_err(shogi_result::from));
        let c = |t: &str| code(csa::parse(&pos, t).map_err(shogi_result::from));
        assert_eq!(w("?"), NotationSyntax);
        assert_eq!(w("G-5h"), NotationAmbiguous);
        assert_eq!(w("R-5h"), NotationNoSuchMove);
        assert_eq!(w("G6h-5i"), IllegalOccupied);
        assert_eq!(j("?"), NotationSyntax);
        assert_eq!(j("▲５八金"), NotationAmbiguous);
        assert_eq!(j("△５八金左"), NotationWrongSide);
        assert_eq!(j("▲同　金"), NotationNoPreviousMove);
        assert_eq!(j("▲５五銀"), NotationNoSuchMove);
        assert_eq!(c("?"), NotationSyntax);
        assert_eq!(c("-6858KI"), NotationWrongSide);
        assert_eq!(c("+6858HI"), NotationNoSuchMove);
        assert_eq!(c("+6859KI"), IllegalOccupied);
    }

    #[test]
    fn game_errors_map_to_their_codes() {
        use shogi::Color::{Gote, Sente};
        use shogi_result::*;
        let mut game = Game::new();
        let code = |e: GameError| shogi_result::from(e);
        assert_eq!(code(game.undo().unwrap_err()), NothingToUndo);
        assert_eq!(code(game.offer_draw(Gote).unwrap_err()), NotYourTurn);
        assert_eq!(code(game.accept_draw(Gote).unwrap_err()), NoDrawOffer);
        assert_eq!(code(game.play_usi("7g7").unwrap_err()), UsiBadLength);
        assert_eq!(
            code(game.play_usi("5e5d").unwrap_err()),
            IllegalNotAPieceMove
        );
        assert_eq!(
            code(game.declare_impasse().unwrap_err()),
            ImpasseKingsNotInZone
        );
        game.offer_draw(Sente).unwrap();
        assert_eq!(code(game.offer_draw(Sente).unwrap_err()), DrawOfferPending);
        game.resign(Sente).unwrap();
        assert_eq!(code(game.resign(Gote).unwrap_err()), GameOver);

        let mut rules = RuleSet::site();
        rules.draw_offers = 0;
        rules.clock = None;
        let mut game = Game::from_position(Position::startpos(), rules);
        assert_eq!(code(game.check_time(Duration::ZERO).unwrap_err()), NoClock);
        assert_eq!(
            code(game.offer_draw(Sente).unwrap_err()),
            DrawOffersExhausted
        );
        let mut game = Game::from_position(Position::startpos(), RuleSet::try_rule());
        assert_eq!(code(game.declare_impasse().unwrap_err()), ImpasseNotOffered);
    }

    #[test]
    fn impasse_rejections_map_to_their_codes() {
        use shogi_result::*;
        let cases = [
            (DeclarationRejection::NotOffered, ImpasseNotOffered),
            (DeclarationRejection::NoKing, ImpasseNoKing),
            (DeclarationRejection::KingsNotInZone, ImpasseKingsNotInZone),
            (DeclarationRejection::InCheck, ImpasseInCheck),
            (DeclarationRejection::TooFewPieces, ImpasseTooFewPieces),
            (DeclarationRejection::TooFewPoints, ImpasseTooFewPoints),
        ];
        for (reason, code) in cases {
            assert_eq!(shogi_result::from(reason), code);
        }
    }

    #[test]
    fn usi_line_errors_map_to_their_codes() {
        use shogi_result::*;
        let code = |t: &str| shogi_result::from(Game::from_usi(t, RuleSet::site()).unwrap_err());
        assert_eq!(code("position nowhere"), UsiCommandMissingStart);
        assert_eq!(code("position startpos 7g7f"), UsiCommandExpectedMoves);
        assert_eq!(code("position sfen 9/9 b - 1"), SfenRowCount);
        assert_eq!(code("position startpos moves 7g7"), UsiBadLength);
        assert_eq!(
            code("position startpos moves 7g7f 7g7f"),
            IllegalNotAPieceMove
        );
        let mut rules = RuleSet::site();
        rules.move_limit = 1;
        let after_end = Game::from_usi("position startpos moves 7g7f 3c3d", rules).unwrap_err();
        assert_eq!(shogi_result::from(after_end), MoveAfterEnd);
        let usi = "position startpos moves 7g7f 3c3d";
        for (limit, value) in [
            (Limit::InputBytes, 10),
            (Limit::LineBytes, 10),
            (Limit::MovesPerLine, 1),
        ] {
            let limits = ReadLimits::DEFAULT.with(limit, value);
            let err = Game::from_usi_with(usi, RuleSet::site(), &limits).unwrap_err();
            assert_eq!(
                err,
                GameFromUsiError::LimitExceeded { limit, max: value },
                "{limit}"
            );
            assert_eq!(shogi_result::from(err), RecordLimitExceeded, "{limit}");
        }
    }

    /// Forged saved games, one for each `RestoreError` variant, restored through
    /// `Game::from_json`: every variant is reached and has its own code.
    #[test]
    fn each_restore_error_has_its_own_code() {
        use shogi_result::*;
        let mut game = Game::new();
        game.play_usi("7g7f").unwrap();
        let json = game.to_json();
        let rules_clock = r#""clock":{"main_time":{"secs":300,"nanos":0},"byoyomi":{"secs":30,"nanos":0},"periods":3}"#;
        assert!(json.contains(rules_clock), "{json}");
        let untimed = json.replacen(rules_clock, r#""clock":null"#, 1);
        let clock = r#""sides":[{"main":{"secs":300,"nanos":0},"periods":3,"timed_out":false},{"main":{"secs":300,"nanos":0},"periods":3,"timed_out":false}]"#;
        assert!(json.contains(clock), "{json}");
        let gote_side = r#"{"main":{"secs":300,"nanos":0},"periods":3,"timed_out":false}]"#;
        let flagged_gote = json.replace(
            gote_side,
            r#"{"main":{"secs":0,"nanos":0},"periods":0,"timed_out":true}]"#,
        );
        let outcome = |o: &str| json.replace(r#""outcome":null"#, &format!(r#""outcome":{o}"#));
        let mated = Game::from_position(
            Position::from_sfen("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").unwrap(),
            RuleSet::site(),
        )
        .to_json();
        let cases: Vec<(String, shogi_result)> = vec![
            (json.replace("lnsgkgsnl/", "lnsgkgsnlx/"), RestoreStart),
            (json.replace(r#"["7g7f"]"#, r#"["7g7e"]"#), RestoreMove),
            (
                mated.replace(r#""moves":[]"#, r#""moves":["5a4a"]"#),
                MoveAfterEnd,
            ),
            (
                mated.replace(
                    r#""winner":"sente","termination":"checkmate""#,
                    r#""winner":"gote","termination":"resignation""#,
                ),
                RestoreOutcomeMismatch,
            ),
            (
                mated.replace(r#"{"winner":"sente","termination":"checkmate"}"#, "null"),
                RestoreMissingOutcome,
            ),
            (
                outcome(r#"{"winner":"sente","termination":"checkmate"}"#),
                RestoreRulesDecided,
            ),
            (
                outcome(r#"{"winner":null,"termination":"checkmate"}"#),
                RestoreWinner,
            ),
            (
                outcome(r#"{"winner":null,"termination":"draw_agreement"}"#),
                RestoreEndingNotAllowed,
            ),
            (
                outcome(r#"{"winner":"gote","termination":"impasse_declaration"}"#),
                RestoreDeclaration,
            ),
            (json.replace("[0,0]", "[4000000000,0]"), RestoreDrawOffers),
            (
                json.replace(r#""draw_offer":null"#, r#""draw_offer":"gote""#),
                RestoreDrawOffer,
            ),
            (
                json.replacen(
                    r#""clock":{"settings""#,
                    r#""clock":null,"x":{"settings""#,
                    1,
                ),
                RestoreClockMissing,
            ),
            (untimed, RestoreUnexpectedClock),
            (
                json.replacen(r#""periods":3"#, r#""periods":2"#, 1),
                RestoreClockSettings,
            ),
            (
                json.replacen(
                    r#""secs":300,"nanos":0},"periods":3,"timed_out""#,
                    r#""secs":99999,"nanos":0},"periods":3,"timed_out""#,
                    1,
                ),
                RestoreClockState,
            ),
            (flagged_gote.clone(), RestoreTimedOut),
            (
                outcome(r#"{"winner":"sente","termination":"timeout"}"#),
                RestoreNotTimedOut,
            ),
        ];
        let mut seen = Vec::new();
        let mut codes = Vec::new();
        for (text, code) in &cases {
            let err = match Game::from_json(text) {
                Err(GameJsonError::Restore(e)) => e,
                other => panic!("{text}: {other:?}"),
            };
            assert_eq!(shogi_result::from(&err), *code, "{text}: {err}");
            seen.push(err.name());
            assert!(!codes.contains(code), "{code:?} twice");
            codes.push(*code);
        }
        let every: Vec<&str> = RestoreError::examples()
            .iter()
            .map(RestoreError::name)
            .collect();
        assert_eq!(
            seen, every,
            "every variant is reached, in declaration order"
        );
        assert_eq!(
            shogi_result::from(&Game::from_json("{ not json").unwrap_err()),
            GameJson
        );
        // The flagged clock is right once the game ends on Gote's time.
        let on_time = flagged_gote.replace(
            r#""outcome":null"#,
            r#""outcome":{"winner":"sente","termination":"timeout"}"#,
        );
        assert!(Game::from_json(&on_time).is_ok(), "{on_time}");
    }

    #[test]
    fn each_record_error_kind_has_its_own_code() {
        let mut codes = Vec::new();
        for kind in RecordErrorKind::examples() {
            let code = shogi_result::from(&kind);
            assert!(!codes.contains(&code), "{code:?} twice ({kind:?})");
            codes.push(code);
        }
        // Every limit gives the one code.
        for limit in Limit::ALL {
            let kind = RecordErrorKind::LimitExceeded { limit, max: 0 };
            assert_eq!(
                shogi_result::from(&kind),
                shogi_result::RecordLimitExceeded,
                "{limit}"
            );
        }
        // Every record code but the catch-all and the unused ones is reached by a kind, and
        // no unused one is.
        let record_codes = all_results()
            .iter()
            .filter(|c| (400..499).contains(&(**c as u32)) && !UNUSED.contains(c));
        for code in record_codes {
            assert!(codes.contains(code), "{code:?} is reached by no kind");
        }
        for code in UNUSED {
            assert!(!codes.contains(&code), "{code:?} is documented as unused");
        }
    }

    #[test]
    fn record_errors_map_to_their_codes() {
        use shogi_result::*;
        let code = |bytes: &[u8]| shogi_result::from(&shogi::record::read(bytes).unwrap_err().kind);
        assert_eq!(code(b"hello"), RecordUnknownFormat);
        assert_eq!(
            code(b"position startpos moves 7g7f 7g7f"),
            RecordIllegalMove
        );
        assert_eq!(code(b"{ not json"), RecordJson);
        assert_eq!(
            code(b"position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 100000001"),
            RecordNumberTooLarge
        );
        let limits = ReadLimits::DEFAULT.with(Limit::MovesPerLine, 1);
        let err = shogi::record::read_with(b"position startpos moves 7g7f 3c3d", None, &limits)
            .unwrap_err();
        assert_eq!(shogi_result::from(&err.kind), RecordLimitExceeded);
        assert_eq!(code(b"startpos\nstartpos\n"), RecordCollection);
    }

    #[test]
    fn each_usi_message_error_has_its_own_code() {
        use shogi::usi::{EngineMessage, GuiCommand};
        let mut codes = Vec::new();
        for e in UsiMessageError::examples() {
            let code = shogi_result::from(&e);
            assert!((500..549).contains(&(code as u32)), "{e:?}: {code:?}");
            assert!(!codes.contains(&code), "{code:?} twice ({e:?})");
            codes.push(code);
        }
        let engine = |t: &str| shogi_result::from(&EngineMessage::parse(t).unwrap_err());
        let gui = |t: &str| shogi_result::from(&GuiCommand::parse(t).unwrap_err());
        use shogi_result::*;
        assert_eq!(engine("   "), UsiMessageEmpty);
        assert_eq!(engine("bestmove"), UsiMessageMissingValue);
        assert_eq!(engine("info depth x"), UsiMessageBadNumber);
        assert_eq!(engine("info pv 7g7"), UsiMessageBadMove);
        assert_eq!(engine("option name A type int"), UsiMessageBadWord);
        assert_eq!(engine("usiok now"), UsiMessageUnexpected);
        assert_eq!(gui("position nowhere"), UsiMessagePosition);
    }
}
