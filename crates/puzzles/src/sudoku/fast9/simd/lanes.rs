//! The only module of `tessera` with `unsafe` code: the vectors of sixteen-bit lanes the SIMD
//! engine computes with, over `std::arch`'s AVX2 intrinsics, and the doors into that engine.
//!
//! Every function here that touches a vector is a `#[target_feature(enable = "avx2,...")]` one:
//! safe to call from other functions compiled for the same features (the whole engine is), and
//! inlined into them. Intrinsics that only compute on registers are safe in such a context; what
//! is `unsafe` is what the compiler cannot check:
//!
//! - [`enter_with`]: calling the engine's entry points, compiled for AVX2 or AVX-512, from
//!   ordinary code. Sound only after the processor was seen to have those features
//!   ([`hardware`]), which the entry checks itself (its callers cannot get around it).
//! - loads and stores between vectors and `[u16; N]` arrays: pointer arguments, always to an array
//!   of exactly the vector's size (unaligned loads and stores need no alignment).
//!
//! With the `debug-checks` feature the shuffle controls are checked when loaded (every byte
//! either picks a byte of its own 128-bit half or zeroes it, as the engine's tables assume).

#![allow(unsafe_code, reason = "the one module of intrinsics: see its header")]

use std::arch::x86_64::{
    __m128i, __m256i, _mm256_add_epi16, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128,
    _mm256_cmpeq_epi16, _mm256_cmpgt_epi16, _mm256_extracti128_si256, _mm256_loadu_si256,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_permute4x64_epi64, _mm256_popcnt_epi16, _mm256_set1_epi16,
    _mm256_set_m128i, _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_srli_epi16, _mm256_storeu_si256,
    _mm256_testc_si256, _mm256_testz_si256, _mm_and_si128, _mm_andnot_si128, _mm_cvtsi128_si64,
    _mm_extract_epi64, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi16, _mm_setzero_si128, _mm_shuffle_epi8,
    _mm_storeu_si128, _mm_testz_si128,
};
use std::sync::atomic::{AtomicU8, Ordering};

use tessera_xc::{Budget, Count};

/// Eight sixteen-bit lanes (a band's six configurations, or an eight-lane message).
#[derive(Debug, Clone, Copy)]
pub(super) struct V8(__m128i);

/// Sixteen sixteen-bit lanes (a box: nine cells and six triad lanes, or a box-shaped mask).
#[derive(Debug, Clone, Copy)]
pub(super) struct V16(__m256i);

/// The processor features the vectors' methods are compiled for: AVX2 (which brings SSE4.1 and
/// SSSE3) and the bit instructions every AVX2 processor has.
macro_rules! simd_fn {
    ($($item:item)*) => {$(
        #[inline]
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
        $item
    )*};
}

/// Which engine this processor runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::sudoku::fast9) enum Isa {
    /// Neither: the portable solver.
    Portable = 1,
    /// AVX2, BMI1, BMI2, POPCNT.
    Avx2 = 2,
    /// Those and AVX-512 F, VL, BW and BITALG.
    Avx512 = 3,
}

/// What the processor has, as an [`Isa`] number once looked up (0 before).
static HARDWARE: AtomicU8 = AtomicU8::new(0);
/// The engine used by default, as an [`Isa`] number once looked up (0 before).
static CHOSEN: AtomicU8 = AtomicU8::new(0);

fn isa_of(number: u8) -> Isa {
    match number {
        3 => Isa::Avx512,
        2 => Isa::Avx2,
        _ => Isa::Portable,
    }
}

/// The best instruction set this processor runs the engine with: looked up once, then cached.
pub(in crate::sudoku::fast9) fn hardware() -> Isa {
    match HARDWARE.load(Ordering::Relaxed) {
        0 => {
            let avx2 = is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt");
            let avx512 = avx2
                && is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512vl")
                && is_x86_feature_detected!("avx512bw")
                && is_x86_feature_detected!("avx512bitalg");
            let isa = match (avx2, avx512) {
                (true, true) => Isa::Avx512,
                (true, false) => Isa::Avx2,
                _ => Isa::Portable,
            };
            HARDWARE.store(isa as u8, Ordering::Relaxed);
            isa
        }
        number => isa_of(number),
    }
}

/// The engine [`enter`] runs: the portable solver unless the environment variable
/// `TESSERA_FAST9` asks for the SIMD engine (`simd`: the best build this processor runs, `avx2`:
/// that build). Not the default: on the processors measured so far the portable solver is
/// faster on every set (docs/performance-history.md, "The SIMD engine (issue 29)"). Looked up once.
pub(in crate::sudoku::fast9) fn chosen() -> Isa {
    match CHOSEN.load(Ordering::Relaxed) {
        0 => {
            let best = hardware();
            let asked = match std::env::var("TESSERA_FAST9").as_deref() {
                Ok("simd") => Isa::Avx512,
                Ok("avx2") => Isa::Avx2,
                _ => Isa::Portable,
            };
            let isa = if (asked as u8) < (best as u8) { asked } else { best };
            CHOSEN.store(isa as u8, Ordering::Relaxed);
            isa
        }
        number => isa_of(number),
    }
}

/// Runs the SIMD engine's count (or first solution) with `isa` if the processor has it (`None`
/// if not, or for [`Isa::Portable`]).
pub(in crate::sudoku::fast9) fn enter_with(
    isa: Isa,
    cells: &[u8; 81],
    limit: u64,
    budget: &Budget,
    keep_first: bool,
) -> Option<(Count, Option<[u8; 81]>)> {
    let have = hardware();
    match isa {
        Isa::Avx2 if have != Isa::Portable => {
            // SAFETY: the AVX2 `run` is compiled for avx2, bmi1, bmi2 and popcnt, which
            // `hardware()` has seen the processor has (Avx512 implies them); it takes only
            // references.
            let answer = unsafe { super::avx2::search::run(cells, limit, budget, keep_first) };
            Some(answer)
        }
        Isa::Avx512 if have == Isa::Avx512 => {
            // SAFETY: the AVX-512 `run` is compiled for those and avx512f, avx512vl, avx512bw
            // and avx512bitalg, which `hardware()` has seen the processor has.
            let answer = unsafe { super::avx512::search::run(cells, limit, budget, keep_first) };
            Some(answer)
        }
        _ => None,
    }
}

/// Runs the SIMD engine as [`chosen`], `None` for the portable solver.
pub(in crate::sudoku::fast9) fn enter(
    cells: &[u8; 81],
    limit: u64,
    budget: &Budget,
    keep_first: bool,
) -> Option<(Count, Option<[u8; 81]>)> {
    enter_with(chosen(), cells, limit, budget, keep_first)
}

/// A shuffle control's lane: picks sixteen-bit lane `src` of its own half, or zero (`None`).
pub(super) const fn pick(src: Option<usize>) -> u16 {
    match src {
        Some(s) => (2 * s as u16) | ((2 * s as u16 + 1) << 8),
        None => 0x8080,
    }
}

fn check_control(lanes: &[u16]) {
    for &lane in lanes {
        let (lo, hi) = (lane & 0xff, lane >> 8);
        assert!(
            lane == 0x8080 || (lo < 16 && hi == lo + 1 && lo % 2 == 0),
            "bad shuffle control {lane:#06x}"
        );
    }
}

impl V8 {
    simd_fn! {
        pub(super) fn load(lanes: &[u16; 8]) -> V8 {
            // SAFETY: `lanes` is 16 readable bytes; the load needs no alignment.
            V8(unsafe { _mm_loadu_si128(lanes.as_ptr().cast()) })
        }
        pub(super) fn to_array(self) -> [u16; 8] {
            let mut lanes = [0u16; 8];
            // SAFETY: `lanes` is 16 writable bytes; the store needs no alignment.
            unsafe { _mm_storeu_si128(lanes.as_mut_ptr().cast(), self.0) };
            lanes
        }
        pub(super) fn zero() -> V8 { V8(_mm_setzero_si128()) }
        pub(super) fn splat(value: u16) -> V8 { V8(_mm_set1_epi16(value as i16)) }
        pub(super) fn and(self, other: V8) -> V8 { V8(_mm_and_si128(self.0, other.0)) }
        pub(super) fn or(self, other: V8) -> V8 { V8(_mm_or_si128(self.0, other.0)) }
        /// `self & !other`.
        pub(super) fn and_not(self, other: V8) -> V8 { V8(_mm_andnot_si128(other.0, self.0)) }
        pub(super) fn intersects(self, other: V8) -> bool { _mm_testz_si128(self.0, other.0) == 0 }
        /// Lane `i` of the result is lane `control[i]` of `self` (see [`pick`]).
        pub(super) fn shuffle(self, control: &[u16; 8]) -> V8 {
            if tessera_xc::debug_checks() {
                check_control(control);
            }
            V8(_mm_shuffle_epi8(self.0, V8::load(control).0))
        }
        /// The number of set bits in all lanes together.
        pub(super) fn popcount(self) -> u32 {
            (_mm_cvtsi128_si64(self.0) as u64).count_ones() + (_mm_extract_epi64::<1>(self.0) as u64).count_ones()
        }
    }
}

impl V16 {
    simd_fn! {
        pub(super) fn load(lanes: &[u16; 16]) -> V16 {
            // SAFETY: `lanes` is 32 readable bytes; the load needs no alignment.
            V16(unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) })
        }
        pub(super) fn to_array(self) -> [u16; 16] {
            let mut lanes = [0u16; 16];
            // SAFETY: `lanes` is 32 writable bytes; the store needs no alignment.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), self.0) };
            lanes
        }
        pub(super) fn splat(value: u16) -> V16 { V16(_mm256_set1_epi16(value as i16)) }
        /// Both halves from eight-lane vectors.
        pub(super) fn halves(lo: V8, hi: V8) -> V16 { V16(_mm256_set_m128i(hi.0, lo.0)) }
        pub(super) fn lo(self) -> V8 { V8(_mm256_castsi256_si128(self.0)) }
        pub(super) fn hi(self) -> V8 { V8(_mm256_extracti128_si256::<1>(self.0)) }
        pub(super) fn and(self, other: V16) -> V16 { V16(_mm256_and_si256(self.0, other.0)) }
        pub(super) fn or(self, other: V16) -> V16 { V16(_mm256_or_si256(self.0, other.0)) }
        /// `self & !other`.
        pub(super) fn and_not(self, other: V16) -> V16 { V16(_mm256_andnot_si256(other.0, self.0)) }
        pub(super) fn intersects(self, other: V16) -> bool { _mm256_testz_si256(self.0, other.0) == 0 }
        pub(super) fn subset_of(self, other: V16) -> bool { _mm256_testc_si256(other.0, self.0) != 0 }
        /// All ones in the lanes equal to `other`'s, zero elsewhere.
        pub(super) fn lanes_eq(self, other: V16) -> V16 { V16(_mm256_cmpeq_epi16(self.0, other.0)) }
        /// All ones in the nonzero lanes.
        pub(super) fn lanes_nonzero(self) -> V16 {
            let zero = _mm256_cmpeq_epi16(self.0, _mm256_set1_epi16(0));
            V16(_mm256_andnot_si256(zero, _mm256_set1_epi16(-1)))
        }
        /// Whether some lane is below `other`'s (as signed numbers; lanes here are below 2^9).
        pub(super) fn any_below(self, other: V16) -> bool {
            _mm256_movemask_epi8(_mm256_cmpgt_epi16(other.0, self.0)) != 0
        }
        /// Each lane's number of set bits, for lanes below 2^12 (ours are below 2^9).
        pub(super) fn popcounts(self) -> V16 {
            let table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
            let nibble = _mm256_set1_epi16(0x0f);
            let low = _mm256_shuffle_epi8(table, _mm256_and_si256(self.0, nibble));
            let mid = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), nibble));
            let high = _mm256_shuffle_epi8(table, _mm256_srli_epi16::<8>(self.0));
            V16(_mm256_add_epi16(_mm256_add_epi16(low, mid), high))
        }
        /// Lane `i` of the result is lane `control[i]` of `self`'s same half (see [`pick`]).
        pub(super) fn shuffle(self, control: &[u16; 16]) -> V16 {
            if tessera_xc::debug_checks() {
                check_control(control);
            }
            V16(_mm256_shuffle_epi8(self.0, V16::load(control).0))
        }
        /// Rows of the 4x4 lane matrix moved up by one (row `r` gets row `r + 1`, cyclically).
        pub(super) fn rows_up(self) -> V16 { V16(_mm256_permute4x64_epi64::<0b00_11_10_01>(self.0)) }
        /// Rows of the 4x4 lane matrix moved up by two.
        pub(super) fn rows_up2(self) -> V16 { V16(_mm256_permute4x64_epi64::<0b01_00_11_10>(self.0)) }
    }
}

impl V16 {
    /// [`V16::popcounts`] in one instruction (AVX-512 BITALG).
    #[inline]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512bitalg")]
    pub(super) fn popcounts_bitalg(self) -> V16 {
        V16(_mm256_popcnt_epi16(self.0))
    }
}
