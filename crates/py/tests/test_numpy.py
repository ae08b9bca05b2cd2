"""tessera.ExactCover.from_matrix: a NumPy 0/1 matrix read in Rust, without a Python loop."""

import pytest

import tessera

np = pytest.importorskip("numpy")


def random_matrix(rng, options, items, ones_per_row):
    matrix = np.zeros((options, items), dtype=bool)
    for r in range(options):
        matrix[r, rng.choice(items, size=ones_per_row, replace=False)] = True
    return matrix


def lists_of(matrix, secondary=0):
    """The same problem through the list route (the reference for the matrix route)."""
    columns = matrix.shape[1]
    names = [str(c) for c in range(columns)]
    options = [[names[c] for c in np.flatnonzero(row)] for row in matrix]
    primary = names[: columns - secondary]
    return tessera.ExactCover(primary, options, secondary=names[columns - secondary :])


def test_a_small_random_matrix_agrees_with_the_list_route():
    rng = np.random.default_rng(15)
    for _ in range(20):
        matrix = random_matrix(rng, options=40, items=12, ones_per_row=3)
        matrix[np.arange(12), np.arange(12)] = True  # every item coverable
        from_matrix = tessera.ExactCover.from_matrix(matrix)
        from_lists = lists_of(matrix)
        assert from_matrix.count().solutions == from_lists.count().solutions
        assert list(from_matrix.solutions()) == list(from_lists.solutions())
        assert from_matrix.to_text() == from_lists.to_text()


def test_secondary_columns_and_names():
    rng = np.random.default_rng(7)
    matrix = random_matrix(rng, options=60, items=14, ones_per_row=3)
    matrix[np.arange(10), np.arange(10)] = True
    # Rows with ones only in the two secondary columns are not options: give each a primary one.
    matrix[:, 0] |= ~matrix[:, :12].any(axis=1)
    from_matrix = tessera.ExactCover.from_matrix(matrix, secondary=2)
    assert from_matrix.secondary == ["12", "13"]
    assert from_matrix.count().solutions == lists_of(matrix, secondary=2).count().solutions
    named = tessera.ExactCover.from_matrix(matrix, secondary=2, items=[f"i{c}" for c in range(14)])
    assert named.items[0] == "i0" and named.count().solutions == from_matrix.count().solutions


@pytest.mark.parametrize("dtype", [bool, np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint64])
def test_every_integer_dtype_and_non_contiguous_views(dtype):
    matrix = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=dtype)
    assert tessera.ExactCover.from_matrix(matrix).count().solutions == 2
    # A transposed view (Fortran order) reads the same entries.
    fortran = np.asfortranarray(matrix)
    assert tessera.ExactCover.from_matrix(fortran).count().solutions == 2
    # Every other row of a taller matrix: a strided view.
    doubled = np.repeat(matrix, 2, axis=0)[::2]
    assert tessera.ExactCover.from_matrix(doubled).count().solutions == 2


class NoPythonLoop(np.ndarray):
    """An array that fails any element access from Python: only its buffer can be read."""

    def __iter__(self):
        raise AssertionError("the matrix was iterated from Python")

    def __getitem__(self, index):
        raise AssertionError("the matrix was indexed from Python")

    def tolist(self):
        raise AssertionError("the matrix was turned into lists")


def test_ten_thousand_options_are_read_without_a_python_loop():
    rng = np.random.default_rng(10_000)
    items = 200
    matrix = np.zeros((10_000, items), dtype=bool)
    columns = rng.integers(0, items, size=(10_000, 5))
    matrix[np.arange(10_000)[:, None], columns] = True
    # Any Python-level access to the entries raises: the route must read the buffer in Rust.
    # (How fast it is lives in docs/performance.md, "Python": 7 ms, not in a timed test.)
    guarded = matrix.view(NoPythonLoop)
    problem = tessera.ExactCover.from_matrix(guarded)
    assert problem.option_count == 10_000
    assert problem.option(0) == [str(c) for c in np.flatnonzero(matrix[0])]
    # And the same again as integers.
    assert tessera.ExactCover.from_matrix(matrix.astype(np.int64)).option_count == 10_000


def test_bad_matrices_are_refused_with_the_place():
    with pytest.raises(ValueError, match=r"entry \(1, 0\) is 2"):
        tessera.ExactCover.from_matrix(np.array([[1, 0], [2, 1]]))
    with pytest.raises(ValueError, match="row 1 has no 1"):
        tessera.ExactCover.from_matrix(np.array([[1, 1], [0, 0]]))
    with pytest.raises(ValueError, match="secondary"):
        tessera.ExactCover.from_matrix(np.array([[1, 1], [0, 1]]), secondary=1)
    with pytest.raises(ValueError, match="3 item names for 2 columns"):
        tessera.ExactCover.from_matrix(np.array([[1, 1]]), items=["a", "b", "c"])
    with pytest.raises(TypeError, match="2-D"):
        tessera.ExactCover.from_matrix(np.array([[0.0, 1.0]]))
    with pytest.raises(TypeError, match="2-D"):
        tessera.ExactCover.from_matrix(np.array([1, 0, 1]))
    with pytest.raises(TypeError, match="2-D"):
        tessera.ExactCover.from_matrix([[1, 0], [0, 1]])
