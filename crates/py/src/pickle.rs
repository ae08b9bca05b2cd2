//! Pickling: every problem, puzzle and result class travels through `pickle` (and `copy`) as its
//! class and a compact `bytes` form, so that a problem built in Python can be sent to
//! `multiprocessing`, Ray or Dask.
//!
//! # The form
//!
//! `obj.__reduce__()` is `(type(obj)._from_state, (state,))`: pickle stores the class by name
//! (`tessera.Sudoku`), the bound class method by `getattr` on it, and `state`, a `bytes` object
//! that starts with [`VERSION`] and then holds the object's fields ([`Pickle`]) as unsigned
//! LEB128 integers (signed ones zigzag-encoded), length-prefixed UTF-8 strings, and
//! length-prefixed lists. A puzzle with a text format the library reads back exactly (a Sudoku's
//! line, a family's janko.at text) is stored as that text; an exact-cover problem as its items and
//! options by number, which keeps names the text format cannot hold (spaces, `:`), item order,
//! bounds, colours and labels.
//!
//! Why not `__getstate__`/`__setstate__`: every class is frozen (immutable, shared between
//! threads without a lock), and `__setstate__` would have to mutate an object after `__new__`.
//!
//! # Bad bytes
//!
//! `_from_state` is the one entry point that reads bytes from outside: it checks the version,
//! every length against what is left, every number against its range, and what the library's
//! constructors and parsers say, and raises `ValueError` naming the class; it never panics. (As
//! with any pickle, unpickling untrusted data is unsafe anyway: pickle itself can run code.)
//!
//! Names that the library hands out as `&'static str` (techniques, levels) are read back through
//! [`intern`], which keeps one leaked copy of each distinct name: a bounded set in practice (the
//! library's own names), and it keeps the result classes' fields as they are.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The first byte of every state; a state of another version is refused.
const VERSION: u8 = 1;

/// A class that pickles as its compact bytes form.
pub(crate) trait Pickle: Sized {
    /// The Python class name, for messages.
    const NAME: &'static str;

    /// Appends the object's fields.
    fn save(&self, out: &mut Vec<u8>);

    /// Reads the fields back; `Err` says what is wrong.
    fn load(input: &mut Reader<'_>) -> Result<Self, String>;
}

/// `__reduce__`: the class's `_from_state` and the state.
pub(crate) fn reduce<'py, C>(object: &Bound<'py, C>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))>
where
    C: Pickle + pyo3::PyClass,
{
    let mut state = vec![VERSION];
    object.borrow().save(&mut state);
    let restore = object.as_any().get_type().getattr("_from_state")?;
    Ok((restore, (PyBytes::new(object.py(), &state),)))
}

/// `_from_state`: the object of a state, or a `ValueError`.
pub(crate) fn restore<C: Pickle>(state: &[u8]) -> PyResult<C> {
    let bad =
        |message: String| PyValueError::new_err(format!("not a pickled tessera.{}: {message}", C::NAME));
    let (&version, rest) = state.split_first().ok_or_else(|| bad("the state is empty".to_owned()))?;
    if version != VERSION {
        return Err(bad(format!("state version {version}; this tessera reads version {VERSION}")));
    }
    let mut input = Reader { bytes: rest };
    let object = C::load(&mut input).map_err(bad)?;
    if !input.bytes.is_empty() {
        return Err(bad(format!("{} bytes left over", input.bytes.len())));
    }
    Ok(object)
}

/// The bytes of a state still to read.
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Result<u8, String> {
        let (&byte, rest) = self.bytes.split_first().ok_or("the state ends early")?;
        self.bytes = rest;
        Ok(byte)
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if n > self.bytes.len() {
            return Err(format!("a length of {n} bytes, but only {} are left", self.bytes.len()));
        }
        let (taken, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(taken)
    }

    /// A list's length: every element takes at least one byte, so a length past the bytes left
    /// is refused before anything is allocated for it.
    pub(crate) fn len(&mut self) -> Result<usize, String> {
        let n = usize::take(self)?;
        if n > self.bytes.len() {
            return Err(format!("a list of {n} elements, but only {} bytes are left", self.bytes.len()));
        }
        Ok(n)
    }
}

/// One field of a state.
pub(crate) trait Field: Sized {
    fn put(&self, out: &mut Vec<u8>);
    fn take(input: &mut Reader<'_>) -> Result<Self, String>;
}

impl Field for u64 {
    fn put(&self, out: &mut Vec<u8>) {
        let mut value = *self;
        while value >= 0x80 {
            out.push((value as u8) | 0x80);
            value >>= 7;
        }
        out.push(value as u8);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = input.byte()?;
            let bits = u64::from(byte & 0x7f);
            if shift == 63 && bits > 1 {
                break;
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err("an integer past 64 bits".to_owned())
    }
}

/// The unsigned integers, through `u64` with a range check.
macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Field for $t {
            fn put(&self, out: &mut Vec<u8>) {
                u64::from(*self).put(out);
            }

            fn take(input: &mut Reader<'_>) -> Result<Self, String> {
                let value = u64::take(input)?;
                <$t>::try_from(value).map_err(|_| format!("{value} is out of range for {}", stringify!($t)))
            }
        }
    )*};
}
unsigned!(u8, u32);

impl Field for usize {
    fn put(&self, out: &mut Vec<u8>) {
        // usize is at most 64 bits on every platform Rust supports.
        (*self as u64).put(out);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        let value = u64::take(input)?;
        usize::try_from(value).map_err(|_| format!("{value} is out of range for usize"))
    }
}

impl Field for i32 {
    fn put(&self, out: &mut Vec<u8>) {
        u64::from(((*self << 1) ^ (*self >> 31)) as u32).put(out);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        let zigzag = u32::take(input)?;
        Ok(((zigzag >> 1) as i32) ^ -((zigzag & 1) as i32))
    }
}

impl Field for bool {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        match input.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(format!("{other} is not a boolean")),
        }
    }
}

impl Field for f64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        let bytes = input.take(8)?;
        let mut array = [0u8; 8];
        array.copy_from_slice(bytes);
        Ok(f64::from_le_bytes(array))
    }
}

impl Field for char {
    fn put(&self, out: &mut Vec<u8>) {
        u32::from(*self).put(out);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        let code = u32::take(input)?;
        char::from_u32(code).ok_or_else(|| format!("{code} is not a character"))
    }
}

/// Writes a string as a [`String`] field (for names borrowed from a problem).
pub(crate) fn put_str(text: &str, out: &mut Vec<u8>) {
    text.len().put(out);
    out.extend_from_slice(text.as_bytes());
}

impl Field for String {
    fn put(&self, out: &mut Vec<u8>) {
        put_str(self, out);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        let n = usize::take(input)?;
        let bytes = input.take(n)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| "a string that is not UTF-8".to_owned())
    }
}

impl Field for &'static str {
    fn put(&self, out: &mut Vec<u8>) {
        put_str(self, out);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        String::take(input).map(intern)
    }
}

impl<T: Field> Field for Vec<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        for element in self {
            element.put(out);
        }
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        let n = input.len()?;
        (0..n).map(|_| T::take(input)).collect()
    }
}

impl<T: Field> Field for Option<T> {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(value) => {
                out.push(1);
                value.put(out);
            }
        }
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        Ok(if bool::take(input)? { Some(T::take(input)?) } else { None })
    }
}

impl<A: Field, B: Field> Field for (A, B) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        Ok((A::take(input)?, B::take(input)?))
    }
}

impl<A: Field, B: Field, C: Field> Field for (A, B, C) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
        self.2.put(out);
    }

    fn take(input: &mut Reader<'_>) -> Result<Self, String> {
        Ok((A::take(input)?, B::take(input)?, C::take(input)?))
    }
}

/// A `&'static str` for `name`: one leaked copy per distinct name (see the module header).
pub(crate) fn intern(name: String) -> &'static str {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names =
        NAMES.get_or_init(Default::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&known) = names.get(name.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.into_boxed_str());
    names.insert(leaked);
    leaked
}

/// `impl Pickle` for a struct saved field by field, in the order listed.
macro_rules! pickle_fields {
    ($class:ident { $($field:ident),* $(,)? }) => {
        impl $crate::pickle::Pickle for $class {
            const NAME: &'static str = stringify!($class);

            fn save(&self, out: &mut Vec<u8>) {
                $($crate::pickle::Field::put(&self.$field, out);)*
            }

            fn load(input: &mut $crate::pickle::Reader<'_>) -> Result<Self, String> {
                Ok($class { $($field: $crate::pickle::Field::take(input)?),* })
            }
        }

        /// As a field of another state (a rating's steps).
        impl $crate::pickle::Field for $class {
            fn put(&self, out: &mut Vec<u8>) {
                $crate::pickle::Pickle::save(self, out);
            }

            fn take(input: &mut $crate::pickle::Reader<'_>) -> Result<Self, String> {
                $crate::pickle::Pickle::load(input)
            }
        }
    };
}

pub(crate) use pickle_fields;
