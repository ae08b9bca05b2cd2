//! The pixels: the first page against its reference PNG, and the grid lines and page number where the layout
//! puts them.

use super::*;

/// A page rendered to 8-bit grey by `pdftoppm`: width, height, pixels.
fn render(pdf: &Path, page: usize, dpi: u32, out: &Path) -> (usize, usize, Vec<u8>) {
    let stem = out.with_extension("");
    let page = page.to_string();
    let dpi = dpi.to_string();
    run(
        "pdftoppm",
        &[
            "-gray",
            "-png",
            "-singlefile",
            "-r",
            &dpi,
            "-f",
            &page,
            "-l",
            &page,
            path_str(pdf),
            path_str(&stem),
        ],
    );
    decode(&stem.with_extension("png"))
}

fn decode(path: &Path) -> (usize, usize, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).expect("a frame");
    pixels.truncate(frame.buffer_size());
    // pdftoppm -gray writes grey pixels, in an RGB PNG in some versions: keep one channel.
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("{}: {other:?}", path.display()),
    };
    let grey = pixels.chunks(channels).map(|p| p[0]).collect();
    (frame.width as usize, frame.height as usize, grey)
}

#[test]
fn the_first_page_looks_like_its_reference() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("screenshot");
    let pdf = dir.join("easy.pdf");
    let output =
        tessera(&["sudoku", "book", "--input", "book/easy.txt", "--per-page", "4", "-o", path_str(&pdf)]);
    assert_status(&output, 0);
    let (width, height, pixels) = render(&pdf, 1, 36, &dir.join("page.png"));
    let reference = data_dir().join("book").join("easy-page-1.png");
    if std::env::var("TESSERA_BLESS").is_ok_and(|v| v == "1") {
        std::fs::copy(dir.join("page.png"), &reference).expect("bless the reference");
    }
    let (ref_width, ref_height, expected) = decode(&reference);
    assert_eq!((width, height), (ref_width, ref_height));
    // Anti-aliasing may differ between poppler versions by a few levels; a moved line or a
    // changed digit changes pixels by far more. At most 0.1% of the page may differ.
    let far = |a: &[u8], b: &[u8]| a.iter().zip(b).filter(|(a, b)| a.abs_diff(**b) > 96).count();
    let allowed = pixels.len() / 1000;
    let differ = far(&pixels, &expected);
    assert!(differ <= allowed, "{differ} of {} pixels differ from {}", pixels.len(), reference.display());
    // The comparison can fail: the same puzzles with the first two swapped differ.
    let text = std::fs::read_to_string(data_dir().join("book").join("easy.txt")).expect("easy.txt");
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    lines.swap(0, 1);
    let swapped = dir.join("swapped.txt");
    std::fs::write(&swapped, lines.join("\n")).expect("write");
    let other = dir.join("swapped.pdf");
    let output = tessera(&[
        "sudoku",
        "book",
        "--input",
        path_str(&swapped),
        "--per-page",
        "4",
        "-o",
        path_str(&other),
    ]);
    assert_status(&output, 0);
    let (_, _, swapped_pixels) = render(&other, 1, 36, &dir.join("swapped.png"));
    let differ = far(&swapped_pixels, &expected);
    assert!(differ > 4 * allowed, "swapping two puzzles changed only {differ} pixels");
}

#[test]
fn grid_lines_and_the_page_number_are_where_the_layout_puts_them() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("pixels");
    let pdf = dir.join("one.pdf");
    let output = tessera(&[
        "sudoku",
        "book",
        "--input",
        "book/easy.txt",
        "--per-page",
        "1",
        "--page",
        "letter",
        "-o",
        path_str(&pdf),
    ]);
    assert_status(&output, 0);
    assert!(info(&pdf, "Page size").starts_with("612 x 792"));
    // Ink: darker than this (a thin line anti-aliased over two pixels is grey, not black).
    const INK: u8 = 200;
    // At 72 dpi a pixel is a point: the layout's coordinates are pixel coordinates.
    let (width, height, pixels) = render(&pdf, 1, 72, &dir.join("page.png"));
    assert_eq!((width, height), (612, 792));
    let at = |x: f32, y: f32| pixels[y as usize * width + x as usize];
    let at_ = frame(PageSize::Letter.points(), Part::Puzzles, Arrangement::puzzles(1).expect("1"), 0, 9, 9);
    // Dark share of the pixels along a horizontal line at y, across the grid (between cells'
    // middles, so that digits do not count).
    let dark_along = |y: f32| {
        let xs: Vec<f32> = (0..9).map(|c| at_.x + (c as f32 + 0.25) * at_.cell).collect();
        xs.iter().filter(|&&x| (-1..=1).any(|d| at(x, y + d as f32) < INK)).count()
    };
    for r in 0..=9 {
        let y = at_.y + r as f32 * at_.cell;
        assert_eq!(dark_along(y), 9, "the line under row {r} is not drawn across");
    }
    // Thick box lines are darker and wider than the thin ones: count dark rows around each.
    let thickness = |y: f32| (-4..=4).filter(|d| at(at_.x + 0.25 * at_.cell, y + *d as f32) < INK).count();
    let (thin, thick) = (thickness(at_.y + at_.cell), thickness(at_.y + 3.0 * at_.cell));
    assert!(thick > thin && thin >= 1, "thin {thin}, thick {thick}");
    // Halfway between two lines, a row through empty cell parts is white.
    let mid = at_.y + 0.1 * at_.cell;
    assert!((0..9).all(|c| at(at_.x + (c as f32 + 0.5) * at_.cell, mid) > 200));
    // The page number: dark pixels in a small box at the bottom centre, none elsewhere in the
    // bottom margin; the side margins are blank.
    let dark_in = |x0: usize, x1: usize, y0: usize, y1: usize| {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| pixels[y * width + x] < INK)
            .count()
    };
    assert!(dark_in(296, 316, 760, 785) > 5, "no page number");
    assert_eq!(dark_in(0, 290, 750, 792) + dark_in(322, 612, 750, 792), 0, "ink in the bottom margin");
    assert_eq!(dark_in(0, 30, 0, 792) + dark_in(582, 612, 0, 792), 0, "ink in the side margins");
}
