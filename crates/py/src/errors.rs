//! The exceptions of the package and the conversion of every Rust error into one.
//!
//! `ParseError` subclasses `ValueError` so that code which catches `ValueError` for bad input
//! keeps working, and carries the 1-based `line` and `column` the Rust parsers report (set as
//! attributes on the instance: `create_exception!` makes plain exception classes, and an attribute
//! on the instance reads the same from Python as a property would). Every other Rust error
//! (shapes, numbers out of range, unknown names, a malformed exact-cover problem) is a plain
//! `ValueError` with the Rust message, which already says what was expected.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

use crate::common::Count;

pyo3::create_exception!(
    tessera,
    ParseError,
    PyValueError,
    "Text that could not be read.\n\n\
     Attributes: ``line`` and ``column`` (1-based; columns count characters) and ``message`` (what\n\
     is wrong, without the position). ``str(error)`` says both.\n\n\
     >>> try:\n\
     ...     tessera.ExactCover.parse('A B\\nA C\\n')\n\
     ... except tessera.ParseError as e:\n\
     ...     print(e.line, e.column, e.message)\n\
     2 3 unknown item \"C\"; expected an item declared on the items line (line 1)"
);

pyo3::create_exception!(
    tessera,
    GaveUp,
    PyException,
    "A search ran out of its budget (``max_nodes`` or ``timeout``) before it could answer.\n\n\
     Raised by the calls that return solutions (``solve``, ``first``, ``solutions`` and solution\n\
     iterators); ``count`` never raises it but returns a ``Count`` whose ``outcome`` is\n\
     ``'gave-up'``. Attributes: ``reason`` (``'max-nodes'``, ``'timeout'`` or ``'cancelled'``: the\n\
     words of the command line's ``--json``) and ``count`` (the ``Count`` of what was found before, or ``None``)."
);

/// A `tessera.ParseError` at a place.
fn parse_error(py: Python<'_>, line: usize, column: usize, message: String, full: String) -> PyErr {
    let err = ParseError::new_err(full);
    let value = err.value(py);
    // Setting an attribute on a fresh exception instance cannot fail; if it ever did, the
    // exception would still carry its message.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("message", message);
    err
}

/// Any error of the puzzle library as a Python exception.
pub(crate) fn puzzle_error(py: Python<'_>, err: tessera::Error) -> PyErr {
    match err {
        tessera::Error::Parse(parse) => {
            parse_error(py, parse.line, parse.column, parse.kind.to_string(), parse.to_string())
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Any error of the exact-cover library as a Python exception.
pub(crate) fn xc_error(py: Python<'_>, err: tessera_xc::Error) -> PyErr {
    match err {
        tessera_xc::Error::Parse(parse) => {
            let full = parse.to_string();
            parse_error(py, parse.line, parse.column, parse.message, full)
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

/// `tessera.GaveUp` for `reason`, with what was counted before it (when known).
pub(crate) fn gave_up(py: Python<'_>, reason: tessera_xc::GaveUp, count: Option<Count>) -> PyErr {
    let err = GaveUp::new_err(format!("the search gave up: {reason}"));
    let value = err.value(py);
    let _ = value.setattr("reason", reason.name());
    let count = match count {
        Some(count) => Py::new(py, count).map(Py::into_any).ok(),
        None => None,
    };
    let _ = value.setattr("count", count);
    err
}
