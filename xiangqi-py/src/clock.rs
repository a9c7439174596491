//! The clock settings, the clock and what it shows: `ClockSettings`, `ClockSide`,
//! `ClockReading` and `Clock`, as shogi-py has them (one definition, in board-py). Durations
//! are `float` seconds in Python.

board_py::clock_classes! {
    module = "xiangqi_rules._core",
    core = xiangqi_rules,
    error = crate::errors::XiangqiError,
    color = crate::types::ColorArg,
    sides = (red = Red, black = Black),
}
