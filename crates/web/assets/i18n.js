// The page's words in English, Korean and Hebrew: every string a player reads comes through t()
// (scripts) or a data-i18n attribute (HTML). English is the key (gettext's way): the English page
// needs no catalogue and reads as before, and a string missing from a catalogue falls back to
// English rather than to a key. The catalogues are checked in the tests
// (crates/web/tests/it/i18n.rs): every t('...') literal of the scripts and every data-i18n text
// of the pages has its Korean and Hebrew.
//
// The language: the player's choice (the select at the foot of the game page, kept in
// "tessera.prefs" as `lang`; the other pages follow it), else the browser's first of
// navigator.languages that is one of ours, else English. theme-init.js chooses it before the
// first paint and writes it as <html lang>; this module reads it from there. Hebrew is
// right to left: <html dir="rtl"> mirrors the text and the layout, while the board, the pad and
// the clock stay left to right (style.css, `[dir=rtl]`), as printed puzzles do. Numbers and dates
// go through Intl in the page's language.
//
// What stays English: the hint explanations and the server's error messages (the library's
// words), and the pasted-format help; docs/web.md says so.

const CATALOGUES = {
  ko: {
    // top bar
    'Play': '게임',
    'Records': '기록',
    'Learn': '배우기',
    'Pages': '페이지',
    'Language': '언어',
    'Dark mode: on': '다크 모드: 켬',
    'Dark mode: off': '다크 모드: 끔',
    // the start and the form
    'Skip to the board': '보드로 건너뛰기',
    'New game': '새 게임',
    'Puzzle': '퍼즐',
    'Size': '크기',
    'Variant': '변형',
    'Shape': '모양',
    'Rules': '규칙',
    'Difficulty': '난이도',
    'Start': '시작',
    'Daily puzzle': '오늘의 퍼즐',
    'Quit': '그만하기',
    'Continue': '계속하기',
    ', {n}★ a line and region': ', 줄과 영역마다 {n}★',
    'Arrows move, type a digit to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark, Corner mode (K) a corner mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.':
      '화살표로 이동, 숫자를 눌러 채우고 백스페이스로 지웁니다. Shift+숫자 또는 메모 모드(N)로 메모를, 모서리 모드(K)로 모서리 메모를 넣고 빼며, M으로 자동 메모를 켜고 끕니다. Ctrl+Z 되돌리기, Ctrl+Y 다시 하기.',
    'Arrows move, type a digit or a letter A-{last} to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark, Corner mode (K) a corner mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.':
      '화살표로 이동, 숫자나 A-{last} 글자를 눌러 채우고 백스페이스로 지웁니다. Shift+숫자 또는 메모 모드(N)로 메모를, 모서리 모드(K)로 모서리 메모를 넣고 빼며, M으로 자동 메모를 켜고 끕니다. Ctrl+Z 되돌리기, Ctrl+Y 다시 하기.',
    'Place 1 star in every row, column and region; no two stars touch, not even diagonally. Tap a cell (or press Enter) to cycle: dot (no star), star, empty. S puts a star, X or . a dot, 0 clears. Auto dots (M) marks the cells around each star.':
      '모든 가로줄, 세로줄, 영역에 별을 1개씩 놓으세요. 별끼리는 대각선으로도 맞닿을 수 없습니다. 칸을 누르면(또는 Enter) 점(별 없음), 별, 빈칸 순으로 바뀝니다. S는 별, X나 .은 점, 0은 지우기. 자동 점(M)은 별 주위 칸에 점을 찍습니다.',
    'Place {n} stars in every row, column and region; no two stars touch, not even diagonally. Tap a cell (or press Enter) to cycle: dot (no star), star, empty. S puts a star, X or . a dot, 0 clears. Auto dots (M) marks the cells around each star.':
      '모든 가로줄, 세로줄, 영역에 별을 {n}개씩 놓으세요. 별끼리는 대각선으로도 맞닿을 수 없습니다. 칸을 누르면(또는 Enter) 점(별 없음), 별, 빈칸 순으로 바뀝니다. S는 별, X나 .은 점, 0은 지우기. 자동 점(M)은 별 주위 칸에 점을 찍습니다.',
    'Arrows move. Type a number (several digits in a row make one number), Backspace clears; or drag from a number through touching cells to draw the next ones. The next number to place and the cells it may go in are shown. Ctrl+Z undoes, Ctrl+Y redoes.':
      '화살표로 이동. 수를 입력하고(숫자를 이어 치면 한 수가 됩니다) 백스페이스로 지웁니다. 또는 수에서 맞닿은 칸들로 끌어 다음 수들을 그립니다. 다음에 놓을 수와 그 수가 갈 수 있는 칸이 표시됩니다. Ctrl+Z 되돌리기, Ctrl+Y 다시 하기.',
    'QR code of the link to this puzzle': '이 퍼즐 링크의 QR 코드',
    'A solved example of {title}': '{title} 풀이 예시',
    // the rules of each puzzle (the library's words, from /options.js)
    'Fill the grid so that every row, every column and every box holds each digit once. In Sudoku X the two long diagonals hold each digit once too.':
      '모든 가로줄, 세로줄, 상자에 각 숫자가 한 번씩 들어가도록 칸을 채우세요. 스도쿠 X에서는 두 긴 대각선에도 각 숫자가 한 번씩 들어갑니다.',
    'Fill in the numbers from 1 to the last so that each one touches the next, diagonals included. In Numbrix only up, down, left and right count as touching.':
      '1부터 마지막 수까지, 각 수가 다음 수와 맞닿도록 채우세요(대각선 포함). 넘브릭스에서는 위, 아래, 왼쪽, 오른쪽만 맞닿은 것으로 칩니다.',
    'Fill the grid so that every row, column and box holds each digit once, as in Sudoku. The digits in a dashed cage add up to its small number and never repeat in it.':
      '스도쿠처럼 모든 가로줄, 세로줄, 상자에 각 숫자가 한 번씩 들어가도록 채우세요. 점선 케이지 안 숫자들의 합은 그 작은 숫자와 같고, 케이지 안에서 숫자가 겹치지 않습니다.',
    'Fill the grid so that every row and column holds each number once. The numbers in a cage make its target with its operation (+ − × ÷, the larger first); a cage of one cell gives its number.':
      '모든 가로줄과 세로줄에 각 수가 한 번씩 들어가도록 채우세요. 케이지 안의 수들은 표시된 연산(+ − × ÷, 큰 수가 먼저)으로 목표 수를 만들고, 한 칸짜리 케이지는 그 수 자체입니다.',
    'Place stars so that every row, every column and every region holds the number of stars the game says. Stars never touch each other, not even at a corner.':
      '모든 가로줄, 세로줄, 영역에 게임이 정한 개수만큼 별이 들어가도록 별을 놓으세요. 별끼리는 모서리로도 맞닿을 수 없습니다.',
    'Fill the grid so that every row, column and box holds each digit once, as in Sudoku. Every mark drawn on the board adds its own rule (cages, thermometers, arrows, dots, lines); the game lists them.':
      '스도쿠처럼 모든 가로줄, 세로줄, 상자에 각 숫자가 한 번씩 들어가도록 채우세요. 보드에 그려진 표시(케이지, 온도계, 화살표, 점, 선)마다 규칙이 하나씩 더해지며, 게임에 그 목록이 나옵니다.',
    'Choose a puzzle and press Start.': '퍼즐을 고르고 시작을 누르세요.',
    'Time played': '플레이 시간',
    'Pause': '일시정지',
    'Resume': '계속',
    'Board': '보드',
    'Paused. The board is hidden.': '일시정지됨. 보드를 가렸습니다.',
    'Arrows move, type a digit to fill, Backspace clears, Shift+digit or Notes mode for pencil marks.':
      '화살표로 이동, 숫자를 눌러 채우기, 백스페이스로 지우기, Shift+숫자 또는 메모 모드로 메모.',
    'Controls': '조작',
    'Number pad': '숫자 패드',
    'Colour the selected cell': '선택한 칸에 색칠',
    'Rose': '장미색',
    'Amber': '호박색',
    'Violet': '보라색',
    'Teal': '청록색',
    'No colour': '색 없음',
    'Tools': '도구',
    'Notes': '메모',
    'Corner': '모서리',
    'Auto notes': '자동 메모',
    'Auto dots': '자동 점',
    'Colours': '색',
    'Undo': '되돌리기',
    'Redo': '다시 하기',
    'Hint': '힌트',
    'row {n}': '{n}행',
    'column {n}': '{n}열',
    'box {n}': '{n}번 상자',
    'region {n}': '{n}번 영역',
    'the main diagonal': '주 대각선',
    'the anti-diagonal': '반대 대각선',
    'Look at {where}.': '{where}에 주목하세요.',
    'Look at the shaded cells.': '색칠된 칸에 주목하세요.',
    'Which technique?': '어떤 기법?',
    'Show the move': '수 보기',
    'Technique: {name}.': '기법: {name}.',
    ', where the hint looks': ', 힌트가 가리키는 곳',
    'Check': '확인',
    'Zoom': '확대',
    'Show conflicts': '충돌 표시',
    'Apply this step': '이 단계 적용',
    'Show where': '위치 보기',
    'Close': '닫기',
    'Paste or share a puzzle': '퍼즐 붙여넣기 또는 공유',
    'Link to this puzzle': '이 퍼즐의 링크',
    'Start a game to get a link': '게임을 시작하면 링크가 생깁니다',
    'Copy link': '링크 복사',
    'Kind': '종류',
    'Guess from the text': '텍스트로 추측',
    'Sudoku X (diagonals)': '스도쿠 X (대각선)',
    'Play it': '플레이',
    'Solve and count solutions': '풀고 해의 개수 세기',
    'Answer to verify (same format, filled in)': '확인할 답 (같은 형식, 모두 채움)',
    'Verify the answer': '답 확인',
    'Solved!': '완성!',
    'Your time:': '기록:',
    '(assisted)': '(도움 받음)',
    'Your place:': '순위:',
    'End the game in progress?': '진행 중인 게임을 끝낼까요?',
    'The game in progress ends and counts as quit.': '진행 중인 게임이 끝나고 포기로 기록됩니다.',
    'Cancel': '취소',
    'End it': '끝내기',
    'The game needs JavaScript.': '이 게임에는 자바스크립트가 필요합니다.',
    // puzzles and levels
    'Sudoku': '스도쿠',
    'Sudoku X': '스도쿠 X',
    'Hidato': '히다토',
    'Numbrix': '넘브릭스',
    'Killer Sudoku': '킬러 스도쿠',
    'KenKen': '켄켄',
    'Star Battle': '스타 배틀',
    'Variant Sudoku': '변형 스도쿠',
    'Skyscrapers': '스카이스크래퍼',
    'Futoshiki': '후토시키',
    'Fill the grid with buildings of heights 1 to N, each height once in every row and column. A number outside the grid counts the buildings seen from there: a taller building hides the lower ones behind it.': '높이 1부터 N까지의 빌딩으로 격자를 채우세요. 각 높이는 모든 행과 열에 한 번씩 들어갑니다. 격자 밖의 숫자는 그 자리에서 보이는 빌딩의 수입니다: 높은 빌딩은 뒤의 낮은 빌딩을 가립니다.',
    'Fill the grid with the digits 1 to N, each once in every row and column. Every sign between two cells holds: its point is at the smaller digit.': '1부터 N까지의 숫자로 격자를 채우세요. 각 숫자는 모든 행과 열에 한 번씩 들어갑니다. 두 칸 사이의 부등호는 모두 성립해야 하며, 뾰족한 쪽이 작은 숫자입니다.',
    'technique:skyscraper view': '빌딩 시야',
    'technique:skyscraper edge clue': '빌딩 끝 단서',
    'technique:inequality': '부등호',
    'Kakuro': '가쿠로',
    'Fill the white cells with digits 1 to 9 so that each run of white cells across or down adds up to the clue before it. No digit appears twice in a run.': '가로나 세로로 이어진 흰 칸 묶음마다 그 합이 앞의 단서와 같도록 흰 칸에 1부터 9까지의 숫자를 채우세요. 한 묶음 안에서 같은 숫자는 두 번 나오지 않습니다.',
    'technique:no repeat': '중복 없음',
    'technique:unique sum': '유일한 합',
    'technique:sum combinations': '합의 조합',
    'technique:last cell': '마지막 칸',
    'technique:required digit': '필수 숫자',
    'technique:run combinations': '묶음 조합',
    'Nonogram': '노노그램',
    'Shade cells so that each row and each column shows runs of shaded cells of the lengths its clue gives, in order. Two runs of a line have at least one empty cell between them.': '각 행과 열에 단서가 주는 길이의 칠한 칸 묶음이 순서대로 나타나도록 칸을 칠하세요. 한 줄의 두 묶음 사이에는 적어도 한 칸의 빈칸이 있습니다.',
    'technique:overlap': '겹침',
    'technique:line solving': '줄 풀이',
    'technique:contradiction': '모순',
    'shaded': '칠함',
    'marked empty': '빈칸 표시',
    'Shade cells so that every row and column shows runs of the lengths its clue gives, in order, with at least one empty cell between two runs. Tap a cell (or press Enter) to cycle: shaded, dot (empty), clear; drag along a row or column to paint several. F shades, X or . marks empty, 0 clears. A clue turns grey once its line is made.': '모든 행과 열에 단서가 주는 길이의 묶음이 순서대로, 두 묶음 사이에 빈칸을 적어도 한 칸 두고 나타나도록 칸을 칠하세요. 칸을 누르면(또는 Enter) 칠함, 점(빈칸), 지움 순서로 바뀌고, 행이나 열을 따라 끌면 여러 칸을 한 번에 칠합니다. F는 칠하고, X나 .은 빈칸 표시, 0은 지웁니다. 줄이 완성되면 단서가 회색이 됩니다.',
    'Shade the cell': '칸 칠하기',
    'Mark the cell empty': '빈칸으로 표시',
    ', clues {row} and {column}': ', 단서 {row} 및 {column}',
    'Shade {cells}.': '{cells}을(를) 칠하세요.',
    'Mark {cells} as empty.': '{cells}을(를) 빈칸으로 표시하세요.',
    'Painted {n} cells (Undo takes the whole stroke back).': '{n}칸을 칠했습니다 (실행 취소로 한 번에 되돌립니다).',
    'Drew 1 number (Undo takes the whole stroke back).': '숫자 1개를 그렸습니다 (실행 취소로 한 번에 되돌립니다).',
    'Drew {n} numbers (Undo takes the whole stroke back).': '숫자 {n}개를 그렸습니다 (실행 취소로 한 번에 되돌립니다).',
    'Standard': '표준',
    'Classic': '클래식',
    'X (diagonals)': 'X (대각선)',
    'Hidato (8 neighbours)': '히다토 (이웃 8칸)',
    'Numbrix (4 neighbours)': '넘브릭스 (이웃 4칸)',
    'easy': '쉬움',
    'medium': '보통',
    'hard': '어려움',
    'expert': '전문가',
    'extreme': '극한',
    'diabolical': '악마',
    'beginner': '입문',
    'fiendish': '지옥',
    // the rules of each kind, two lines
    'rules:sudoku': '각 행, 열, 상자에 1부터 N까지의 숫자를 한 번씩 넣으세요.',
    'rules:hidato': '1부터 끝까지 이어지는 길을 만드세요: 다음 숫자는 옆이나 대각선으로 붙어 있습니다.',
    'rules:killer': '스도쿠 규칙에 더해, 점선 케이지의 숫자 합은 모서리의 수이며 케이지 안에서 숫자는 반복되지 않습니다.',
    'rules:kenken': '각 행과 열에 1부터 N까지 한 번씩. 굵은 칸의 숫자는 표시된 연산(+ − × ÷)으로 목표 수를 만듭니다.',
    'rules:starbattle': '각 행, 열, 색 영역에 별을 정해진 개수만큼 놓으세요. 별끼리는 대각선으로도 닿지 않습니다.',
    'rules:variant': '스도쿠 규칙에 더해, 보드에 그려진 규칙(선, 점, 케이지)을 지키세요.',
    // statuses
    'Making a puzzle…': '퍼즐을 만드는 중…',
    'The daily puzzle of {date}. Good luck!': '{date}의 오늘의 퍼즐. 행운을 빌어요!',
    'New {what}. Good luck!': '새 {what}. 행운을 빌어요!',
    'Could not start a game: {error}': '게임을 시작할 수 없습니다: {error}',
    'Start a new game?': '새 게임을 시작할까요?',
    'Start a new game': '새 게임 시작',
    'The game in progress ({what}, {time}) ends and counts as quit.': '진행 중인 게임({what}, {time})이 끝나고 포기로 기록됩니다.',
    'Paused while the page was hidden.': '페이지가 가려져 일시정지되었습니다.',
    'Paused.': '일시정지됨.',
    'Playing.': '진행 중.',
    'Playing': '진행 중',
    'Paused here': '여기서 일시정지됨',
    'Quit this game?': '이 게임을 그만할까요?',
    'Quit the game': '게임 그만하기',
    'Could not pause: {error}': '일시정지할 수 없습니다: {error}',
    'Could not resume: {error}': '계속할 수 없습니다: {error}',
    'Game over: you quit. Press Start for a new puzzle.': '게임 종료: 포기했습니다. 새 퍼즐은 시작을 누르세요.',
    'Quit: {error}': '그만하기: {error}',
    'Welcome back. Your game is paused: press Resume.': '다시 오셨군요. 게임이 일시정지되어 있습니다: 계속을 누르세요.',
    'Welcome back: your game goes on.': '다시 오셨군요: 게임이 이어집니다.',
    'Your last game has ended ({status}). Press Start for a new one.': '지난 게임이 끝났습니다({status}). 새 게임은 시작을 누르세요.',
    '{what}. Offline: the server cannot be reached; the game goes on here and is told to the server when it is back.':
      '{what}. 오프라인: 서버에 연결할 수 없습니다. 게임은 여기서 계속되고 연결되면 서버에 알립니다.',
    'Back online: the server says this game has ended ({status}). Press Start for a new one.':
      '다시 온라인: 서버에서는 이 게임이 끝났습니다({status}). 새 게임은 시작을 누르세요.',
    'Back online: the game is in step with the server.': '다시 온라인: 게임이 서버와 맞춰졌습니다.',
    'Back online, but the server says: {error}': '다시 온라인이지만 서버 응답: {error}',
    'Every cell is filled, but some break a rule.': '모든 칸이 찼지만 규칙에 어긋난 칸이 있습니다.',
    '1 cell breaks a rule.': '1칸이 규칙에 어긋납니다.',
    '{n} cells break a rule.': '{n}칸이 규칙에 어긋납니다.',
    '1 cell breaks a rule (marked).': '1칸이 규칙에 어긋납니다 (표시됨).',
    '{n} cells break a rule (marked).': '{n}칸이 규칙에 어긋납니다 (표시됨).',
    'No rule broken so far; 1 cell to fill.': '아직 어긋난 규칙 없음. 채울 칸 1개.',
    'No rule broken so far; {n} cells to fill.': '아직 어긋난 규칙 없음. 채울 칸 {n}개.',
    'The grid is full but not a solution of this puzzle.': '칸이 모두 찼지만 이 퍼즐의 답이 아닙니다.',
    'Check failed: {error}': '확인 실패: {error}',
    'That cell is a given; it cannot change.': '주어진 칸이라 바꿀 수 없습니다.',
    'Notes mode: digits toggle pencil marks.': '메모 모드: 숫자가 메모를 켜고 끕니다.',
    'Corner mode: digits toggle corner marks.': '모서리 모드: 숫자가 모서리 메모를 켜고 끕니다.',
    'Notes mode off: digits fill cells.': '메모 모드 끔: 숫자가 칸을 채웁니다.',
    'Auto dots on: the cells around each star are marked.': '자동 점 켬: 별 주위 칸에 점을 찍습니다.',
    'Auto dots off.': '자동 점 끔.',
    'Auto notes on: every empty cell shows its candidates, kept up to date.': '자동 메모 켬: 빈 칸마다 후보가 표시되고 계속 갱신됩니다.',
    'Auto notes off: the notes stay, you keep them.': '자동 메모 끔: 메모는 남고 직접 관리합니다.',
    // the solved dialog
    '{place} of {of}': '{of}명 중 {place}',
    'Daily puzzle of {date}: your place in its ranking': '{date}의 오늘의 퍼즐: 그날 순위',
    'Daily puzzle of {date}': '{date}의 오늘의 퍼즐',
    'Solved in {time}.': '{time}에 완성.',
    'Solved in {time}, {place} place.': '{time}에 완성, {place}.',
    'unranked:offline': '오프라인에서 끝내 서버가 시간을 잴 수 없었습니다: 기록에는 남지만 순위에는 없습니다.',
    'unranked:pasted': '붙여넣은 퍼즐은 순위에 오르지 않습니다(어떤 퍼즐이든 될 수 있으니까요). 기록에는 남습니다.',
    'unranked:too-fast': '이 퍼즐의 가장 빠른 사람 기록보다 빨라 기록에는 남지만 순위에는 없습니다.',
    'unranked:assisted': '힌트나 풀이기의 도움을 받았습니다: 기록에는 남지만 순위에는 없습니다.',
    'unranked:daily-taken': '오늘의 퍼즐 순위 기록이 이미 있습니다(당신 또는 같은 네트워크의 누군가). 이번 기록은 남지만 순위에는 없습니다.',
    'unranked:address-cap': '같은 네트워크가 이 상위 20위에서 한 주소가 가질 수 있는 자리를 이미 모두 차지했습니다. 기록은 남지만 순위에는 없습니다.',
    // hints
    'No further step found.': '다음 단계를 찾지 못했습니다.',
    'The cell at row {r}, column {c} holds a wrong value (marked with a cross). Fix it and ask again.':
      '{r}행 {c}열 칸의 값이 틀렸습니다(X 표시). 고친 뒤 다시 물어보세요.',
    'The cell at row {r}, column {c} has notes that leave out its answer (marked with a cross). Fix it and ask again.':
      '{r}행 {c}열 칸의 메모에 정답이 빠져 있습니다(X 표시). 고친 뒤 다시 물어보세요.',
    'There is a mistake on the board: a value, or notes that leave out the answer. Look again, or press "Show where" to see one wrong cell.':
      '보드에 실수가 있습니다: 틀린 값이나 정답이 빠진 메모입니다. 다시 보거나 "위치 보기"를 눌러 틀린 칸 하나를 확인하세요.',
    'No hint: {error}': '힌트 없음: {error}',
    // the daily under the form
    '1 player has solved it': '1명이 풀었습니다',
    '{n} players have solved it': '{n}명이 풀었습니다',
    'Daily puzzle of {date} (UTC): you solved it in {time}. A new one comes at midnight UTC.':
      '{date}(UTC)의 오늘의 퍼즐: {time}에 풀었습니다. 새 퍼즐은 UTC 자정에 나옵니다.',
    'Daily puzzle of {date} (UTC): you solved it in {time}, {place} of {of}. A new one comes at midnight UTC.':
      '{date}(UTC)의 오늘의 퍼즐: {time}에 풀었고 {of}명 중 {place}입니다. 새 퍼즐은 UTC 자정에 나옵니다.',
    'Daily puzzle of {date} (UTC); {others}.': '{date}(UTC)의 오늘의 퍼즐. {others}.',
    'Daily puzzle of {date} (UTC): started; {others}.': '{date}(UTC)의 오늘의 퍼즐: 시작함. {others}.',
    'You solved this daily puzzle already': '이 오늘의 퍼즐은 이미 풀었습니다',
    // Hidato
    'Next number: {next}.': '다음 숫자: {next}.',
    'Next number: {next}. It touches {prev} (row {r}, column {c}); the cells it can go in are ringed.':
      '다음 숫자: {next}. {prev}({r}행 {c}열)에 붙어 있으며 놓을 수 있는 칸에 동그라미가 있습니다.',
    'Every number is placed.': '모든 숫자를 놓았습니다.',
    'Next': '다음',
    'Next ({next})': '다음 ({next})',
    // cells, for screen readers
    'Row {r}, column {c}': '{r}행 {c}열',
    ', box {b}': ', {b}번 상자',
    ', given {v}': ', 주어진 수 {v}',
    ', empty': ', 빈 칸',
    ', candidates {list}': ', 메모 {list}',
    ', corner marks {list}': ', 모서리 메모 {list}',
    'technique:full house': '마지막 빈칸',
    'technique:hidden single': '히든 싱글',
    'technique:naked single': '네이키드 싱글',
    'technique:pointing': '포인팅',
    'technique:claiming': '클레이밍',
    'technique:naked pair': '네이키드 페어',
    'technique:hidden pair': '히든 페어',
    'technique:naked triple': '네이키드 트리플',
    'technique:hidden triple': '히든 트리플',
    'technique:naked quad': '네이키드 쿼드',
    'technique:hidden quad': '히든 쿼드',
    'technique:x-wing': 'X-윙',
    'technique:finned x-wing': '핀 X-윙',
    'technique:swordfish': '소드피시',
    'technique:finned swordfish': '핀 소드피시',
    'technique:xy-wing': 'XY-윙',
    'technique:xyz-wing': 'XYZ-윙',
    'technique:w-wing': 'W-윙',
    'technique:jellyfish': '젤리피시',
    'technique:finned jellyfish': '핀 젤리피시',
    'technique:unique rectangle type 1': '유니크 렉탱글 1형',
    'technique:unique rectangle type 2': '유니크 렉탱글 2형',
    'technique:unique rectangle type 4': '유니크 렉탱글 4형',
    'technique:bug+1': 'BUG+1',
    'technique:simple colouring': '단순 색칠',
    'technique:x-chain': 'X-체인',
    'technique:xy-chain': 'XY-체인',
    'technique:alternating inference chain': '교대 추론 체인',
    'technique:als-xz': 'ALS-XZ',
    'technique:forcing chain': '강제 체인',
    'technique:forcing net': '강제 네트',
    'technique:guess': '추측',
    'technique:given': '주어진 수',
    'technique:cage combination': '케이지 조합',
    'technique:cage pointing': '케이지 포인팅',
    'technique:rule of 45': '45의 법칙',
    'technique:pointing and claiming': '포인팅과 클레이밍',
    'technique:trial': '시험 배치',
    'technique:hidden operation': '숨은 연산',
    'technique:line sum': '줄의 합',
    'technique:unit full': '다 찬 줄',
    'technique:confined region': '갇힌 영역',
    'technique:squeeze': '조이기',
    'technique:2x2 blocks': '2x2 블록',
    'technique:would break a unit': '줄을 깨는 칸',
    'technique:arrow range': '화살표 범위',
    'technique:between line': '사이 선',
    'technique:clone copy': '복제 칸',
    'technique:kropki pair': '크로프키 쌍',
    'technique:xv pair': 'XV 쌍',
    'technique:little killer sum': '리틀 킬러 합',
    'technique:minimum/maximum': '최소/최대',
    'technique:negative constraint': '음의 조건',
    'technique:palindrome mirror': '팰린드롬 대칭',
    'technique:quadruple digits': '쿼드러플 숫자',
    'technique:region-sum line': '영역 합 선',
    'technique:sandwich total': '샌드위치 합',
    'technique:thermometer range': '온도계 범위',
    'technique:whispers difference': '위스퍼 차이',
    'technique:odd/even': '홀짝',
    'technique:anti-knight elimination': '안티나이트 제거',
    'technique:anti-king elimination': '안티킹 제거',
    'technique:non-consecutive elimination': '비연속 제거',
    'technique:renban run': '렌반',
    'No rule finds the next step here.': '여기서는 다음 단계를 찾는 규칙이 없습니다.',
    'Put a star in {cells}.': '{cells}에 별을 놓으세요.',
    'Mark {cells} as no star.': '{cells}을(를) 별 없음으로 표시하세요.',
    'Place {v} in {cells}.': '{cells}에 {v}을(를) 놓으세요.',
    'Remove {values} from the notes of {cells}.': '{cells}의 메모에서 {values}을(를) 지우세요.',
    'Remove {n} candidates from {m} cells, ringed.': '표시된 {m}칸에서 후보 {n}개를 지우세요.',
    'Why, in English:': '이유(영어):',
    'star': '별',
    'no star': '별 없음',
    'Digit first': '숫자 먼저',
    'Pick a digit on the pad, then tap the cells it goes in; tap it again to drop it.': '숫자판에서 숫자를 고른 뒤 그 숫자가 들어갈 칸을 누르세요. 숫자를 다시 누르면 선택이 풀립니다.',
    '{d} picked: tap the cells it goes in.': '{d} 선택됨: 들어갈 칸을 누르세요.',
    'Mistakes': '실수',
    'Not shown': '표시 안 함',
    'Shown at once': '바로 표시',
    'Three lives': '목숨 세 개',
    'Only the server knows the answer: with mistakes shown, the game counts as assisted.': '정답은 서버만 압니다. 실수를 표시하면 도움받은 게임이 됩니다.',
    '1 life left': '목숨 1개 남음',
    '{n} lives left': '목숨 {n}개 남음',
    'A mistake (crossed out): 1 life left.': '실수입니다(X 표시). 목숨 1개 남음.',
    'A mistake (crossed out): {n} lives left.': '실수입니다(X 표시). 목숨 {n}개 남음.',
    'A mistake: that value is not the answer (crossed out).': '실수: 그 값은 정답이 아닙니다(X 표시).',
    '{n} mistakes: those values are not the answer (crossed out).': '실수 {n}개: 그 값들은 정답이 아닙니다(X 표시).',
    'Offline: mistakes are shown when the server is back.': '오프라인: 서버가 돌아오면 실수를 표시합니다.',
    'Could not look for mistakes: {error}': '실수를 확인하지 못했습니다: {error}',
    '{n} mistakes: the game is over. Press Start for a new puzzle.': '실수 {n}번: 게임이 끝났습니다. 새 퍼즐은 시작을 누르세요.',
    ', cage {total}': ', 케이지 {total}',
    ', cage {total} plus': ', 케이지 {total} 더하기',
    ', cage {total} minus': ', 케이지 {total} 빼기',
    ', cage {total} times': ', 케이지 {total} 곱하기',
    ', cage {total} divided': ', 케이지 {total} 나누기',
    ', region {n}': ', {n}번 영역',
    ', on a diagonal': ', 대각선 위',
    ', conflict': ', 충돌',
    ', mistake': ', 실수',
    ', hint': ', 힌트',
    'Note {d}': '메모 {d}',
    'Corner mark {d}': '모서리 메모 {d}',
    'Enter {d}': '입력 {d}',
    'Type {d}': '{d} 입력',
    'Clear the cell': '칸 지우기',
    'Put a star': '별 놓기',
    'Mark no star': '별 없음 표시',
    ', all placed': ', 모두 놓음',
    ', {n} left': ', {n}개 남음',
    ', marked {colour}': ', {colour} 표시',
    'rose': '장미색',
    'amber': '호박색',
    'violet': '보라색',
    'teal': '청록색',
    ', the hint removes candidate {list}': ', 힌트가 후보 {list} 제거',
    ', the hint removes candidates {list}': ', 힌트가 후보 {list} 제거',
    ', touches {n}': ', {n}과 맞닿음',
    'Star': '별',
    'No star': '별 없음',
    'Clear': '지우기',
    'game': '게임',
    'Saved, will be checked when online (finished offline, so unranked).': '저장됨. 온라인이 되면 확인합니다(오프라인에서 끝내 순위 없음).',
    'Your {what} finished offline was checked: solved in {time}, {place} place.': '오프라인에서 끝낸 {what}을(를) 확인했습니다: {time}에 완성, {place}.',
    'Your {what} finished offline was checked: solved in {time}, unranked.': '오프라인에서 끝낸 {what}을(를) 확인했습니다: {time}에 완성, 순위 없음.',
    'Your {what} finished offline was checked: the server says it is not solved.': '오프라인에서 끝낸 {what}을(를) 확인했습니다: 서버에 따르면 풀리지 않았습니다.',
    'A game you finished offline is saved, and will be checked when online.': '오프라인에서 끝낸 게임이 저장되었고 온라인이 되면 확인합니다.',
    'Your game finished offline could not be recorded: {error}': '오프라인에서 끝낸 게임을 기록할 수 없습니다: {error}',
  },
  he: {
    'Play': 'משחק',
    'Records': 'שיאים',
    'Learn': 'לימוד',
    'Pages': 'דפים',
    'Language': 'שפה',
    'Dark mode: on': 'מצב כהה: פועל',
    'Dark mode: off': 'מצב כהה: כבוי',
    'Skip to the board': 'דלגו ללוח',
    'New game': 'משחק חדש',
    'Puzzle': 'חידה',
    'Size': 'גודל',
    'Variant': 'גרסה',
    'Shape': 'צורה',
    'Rules': 'כללים',
    'Difficulty': 'רמת קושי',
    'Start': 'התחלה',
    'Daily puzzle': 'החידה היומית',
    'Quit': 'יציאה',
    'Continue': 'המשך',
    ', {n}★ a line and region': ', {n}★ בכל שורה ואזור',
    'Arrows move, type a digit to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark, Corner mode (K) a corner mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.':
      'החצים מזיזים, הקלידו ספרה כדי למלא, Backspace מוחק. Shift+ספרה או מצב הערות (N) מוסיפים או מסירים סימון, מצב פינות (K) סימון פינה; M מפעיל ומכבה הערות אוטומטיות. Ctrl+Z מבטל, Ctrl+Y משחזר.',
    'Arrows move, type a digit or a letter A-{last} to fill, Backspace clears. Shift+digit or Notes mode (N) toggles a pencil mark, Corner mode (K) a corner mark; M turns auto notes on or off. Ctrl+Z undoes, Ctrl+Y redoes.':
      'החצים מזיזים, הקלידו ספרה או אות A-{last} כדי למלא, Backspace מוחק. Shift+ספרה או מצב הערות (N) מוסיפים או מסירים סימון, מצב פינות (K) סימון פינה; M מפעיל ומכבה הערות אוטומטיות. Ctrl+Z מבטל, Ctrl+Y משחזר.',
    'Place 1 star in every row, column and region; no two stars touch, not even diagonally. Tap a cell (or press Enter) to cycle: dot (no star), star, empty. S puts a star, X or . a dot, 0 clears. Auto dots (M) marks the cells around each star.':
      'הציבו כוכב אחד בכל שורה, עמודה ואזור; שני כוכבים לא נוגעים זה בזה, גם לא באלכסון. הקשה על משבצת (או Enter) עוברת בין נקודה (אין כוכב), כוכב וריק. S מציב כוכב, X או . נקודה, 0 מוחק. נקודות אוטומטיות (M) מסמנות את המשבצות סביב כל כוכב.',
    'Place {n} stars in every row, column and region; no two stars touch, not even diagonally. Tap a cell (or press Enter) to cycle: dot (no star), star, empty. S puts a star, X or . a dot, 0 clears. Auto dots (M) marks the cells around each star.':
      'הציבו {n} כוכבים בכל שורה, עמודה ואזור; שני כוכבים לא נוגעים זה בזה, גם לא באלכסון. הקשה על משבצת (או Enter) עוברת בין נקודה (אין כוכב), כוכב וריק. S מציב כוכב, X או . נקודה, 0 מוחק. נקודות אוטומטיות (M) מסמנות את המשבצות סביב כל כוכב.',
    'Arrows move. Type a number (several digits in a row make one number), Backspace clears; or drag from a number through touching cells to draw the next ones. The next number to place and the cells it may go in are shown. Ctrl+Z undoes, Ctrl+Y redoes.':
      'החצים מזיזים. הקלידו מספר (כמה ספרות ברצף הן מספר אחד), Backspace מוחק; או גררו ממספר דרך משבצות נוגעות כדי לצייר את הבאים אחריו. המספר הבא להצבה והמשבצות שבהן הוא יכול לבוא מסומנים. Ctrl+Z מבטל, Ctrl+Y משחזר.',
    'QR code of the link to this puzzle': 'קוד QR של הקישור לחידה הזו',
    'A solved example of {title}': 'דוגמה פתורה של {title}',
    // the rules of each puzzle (the library's words, from /options.js)
    'Fill the grid so that every row, every column and every box holds each digit once. In Sudoku X the two long diagonals hold each digit once too.':
      'מלאו את הלוח כך שבכל שורה, בכל עמודה ובכל ריבוע תופיע כל ספרה פעם אחת. בסודוקו X גם בשני האלכסונים הארוכים כל ספרה מופיעה פעם אחת.',
    'Fill in the numbers from 1 to the last so that each one touches the next, diagonals included. In Numbrix only up, down, left and right count as touching.':
      'מלאו את המספרים מ־1 ועד האחרון כך שכל מספר נוגע במספר שאחריו, גם באלכסון. בנומבריקס רק למעלה, למטה, שמאלה וימינה נחשבים נגיעה.',
    'Fill the grid so that every row, column and box holds each digit once, as in Sudoku. The digits in a dashed cage add up to its small number and never repeat in it.':
      'מלאו את הלוח כך שבכל שורה, עמודה וריבוע תופיע כל ספרה פעם אחת, כמו בסודוקו. סכום הספרות בכלוב המקווקו שווה למספר הקטן שבו, ואף ספרה אינה חוזרת בתוכו.',
    'Fill the grid so that every row and column holds each number once. The numbers in a cage make its target with its operation (+ − × ÷, the larger first); a cage of one cell gives its number.':
      'מלאו את הלוח כך שבכל שורה ועמודה יופיע כל מספר פעם אחת. המספרים בכלוב יוצרים את היעד שלו בפעולה שלו (+ − × ÷, הגדול ראשון); כלוב של משבצת אחת נותן את המספר שלו.',
    'Place stars so that every row, every column and every region holds the number of stars the game says. Stars never touch each other, not even at a corner.':
      'הציבו כוכבים כך שבכל שורה, בכל עמודה ובכל אזור יהיה מספר הכוכבים שהמשחק קובע. כוכבים לעולם אינם נוגעים זה בזה, אפילו לא בפינה.',
    'Fill the grid so that every row, column and box holds each digit once, as in Sudoku. Every mark drawn on the board adds its own rule (cages, thermometers, arrows, dots, lines); the game lists them.':
      'מלאו את הלוח כך שבכל שורה, עמודה וריבוע תופיע כל ספרה פעם אחת, כמו בסודוקו. כל סימן המצויר על הלוח מוסיף כלל משלו (כלובים, מדחומים, חצים, נקודות, קווים); המשחק מפרט אותם.',
    'Choose a puzzle and press Start.': 'בחרו חידה ולחצו על התחלה.',
    'Time played': 'זמן משחק',
    'Pause': 'השהיה',
    'Resume': 'המשך',
    'Board': 'לוח',
    'Paused. The board is hidden.': 'מושהה. הלוח מוסתר.',
    'Arrows move, type a digit to fill, Backspace clears, Shift+digit or Notes mode for pencil marks.':
      'חצים להזזה, ספרה למילוי, Backspace למחיקה, Shift+ספרה או מצב הערות לסימוני עיפרון.',
    'Controls': 'פקדים',
    'Number pad': 'לוח מספרים',
    'Colour the selected cell': 'צביעת התא הנבחר',
    'Rose': 'ורוד',
    'Amber': 'ענבר',
    'Violet': 'סגול',
    'Teal': 'טורקיז',
    'No colour': 'ללא צבע',
    'Tools': 'כלים',
    'Notes': 'הערות',
    'Corner': 'פינות',
    'Auto notes': 'הערות אוטומטיות',
    'Auto dots': 'נקודות אוטומטיות',
    'Colours': 'צבעים',
    'Undo': 'ביטול',
    'Redo': 'שחזור',
    'Hint': 'רמז',
    'row {n}': 'שורה {n}',
    'column {n}': 'עמודה {n}',
    'box {n}': 'ריבוע {n}',
    'region {n}': 'אזור {n}',
    'the main diagonal': 'האלכסון הראשי',
    'the anti-diagonal': 'האלכסון המשני',
    'Look at {where}.': 'הסתכלו על {where}.',
    'Look at the shaded cells.': 'הסתכלו על המשבצות המוצללות.',
    'Which technique?': 'איזו טכניקה?',
    'Show the move': 'הצגת המהלך',
    'Technique: {name}.': 'טכניקה: {name}.',
    ', where the hint looks': ', המקום שהרמז מצביע עליו',
    'Check': 'בדיקה',
    'Zoom': 'הגדלה',
    'Show conflicts': 'הצגת התנגשויות',
    'Apply this step': 'החלת הצעד',
    'Show where': 'הראו איפה',
    'Close': 'סגירה',
    'Paste or share a puzzle': 'הדבקה או שיתוף של חידה',
    'Link to this puzzle': 'קישור לחידה',
    'Start a game to get a link': 'התחילו משחק כדי לקבל קישור',
    'Copy link': 'העתקת קישור',
    'Kind': 'סוג',
    'Guess from the text': 'זיהוי מהטקסט',
    'Sudoku X (diagonals)': 'סודוקו X (אלכסונים)',
    'Play it': 'שחקו',
    'Solve and count solutions': 'פתרון וספירת פתרונות',
    'Answer to verify (same format, filled in)': 'תשובה לבדיקה (אותה תבנית, מלאה)',
    'Verify the answer': 'בדיקת התשובה',
    'Solved!': 'נפתר!',
    'Your time:': 'הזמן שלך:',
    '(assisted)': '(בעזרה)',
    'Your place:': 'המקום שלך:',
    'End the game in progress?': 'לסיים את המשחק הנוכחי?',
    'The game in progress ends and counts as quit.': 'המשחק הנוכחי יסתיים וייחשב כפרישה.',
    'Cancel': 'ביטול',
    'End it': 'לסיים',
    'The game needs JavaScript.': 'המשחק דורש JavaScript.',
    'Sudoku': 'סודוקו',
    'Sudoku X': 'סודוקו X',
    'Hidato': 'הידאטו',
    'Numbrix': 'נמבריקס',
    'Killer Sudoku': 'סודוקו קילר',
    'KenKen': 'קנקן',
    'Star Battle': 'קרב כוכבים',
    'Variant Sudoku': 'סודוקו בגרסאות',
    'Skyscrapers': 'גורדי שחקים',
    'Futoshiki': 'פוטושיקי',
    'Fill the grid with buildings of heights 1 to N, each height once in every row and column. A number outside the grid counts the buildings seen from there: a taller building hides the lower ones behind it.': 'מלאו את הלוח בבניינים בגובה 1 עד N, כל גובה פעם אחת בכל שורה ובכל עמודה. מספר מחוץ ללוח סופר את הבניינים הנראים משם: בניין גבוה מסתיר את הנמוכים שמאחוריו.',
    'Fill the grid with the digits 1 to N, each once in every row and column. Every sign between two cells holds: its point is at the smaller digit.': 'מלאו את הלוח בספרות 1 עד N, כל ספרה פעם אחת בכל שורה ובכל עמודה. כל סימן בין שתי משבצות מתקיים: החוד שלו פונה אל הספרה הקטנה.',
    'technique:skyscraper view': 'מבט גורדי שחקים',
    'technique:skyscraper edge clue': 'רמז קצה של גורדי שחקים',
    'technique:inequality': 'אי-שוויון',
    'Kakuro': 'קאקורו',
    'Fill the white cells with digits 1 to 9 so that each run of white cells across or down adds up to the clue before it. No digit appears twice in a run.': 'מלאו את המשבצות הלבנות בספרות 1 עד 9 כך שכל רצף של משבצות לבנות, לרוחב או לאורך, יסתכם ברמז שלפניו. אף ספרה אינה מופיעה פעמיים ברצף.',
    'technique:no repeat': 'ללא חזרות',
    'technique:unique sum': 'סכום יחיד',
    'technique:sum combinations': 'צירופי סכום',
    'technique:last cell': 'משבצת אחרונה',
    'technique:required digit': 'ספרה הכרחית',
    'technique:run combinations': 'צירופי רצף',
    'Nonogram': 'נונוגרם',
    'Shade cells so that each row and each column shows runs of shaded cells of the lengths its clue gives, in order. Two runs of a line have at least one empty cell between them.': 'השחירו משבצות כך שבכל שורה ובכל עמודה יופיעו רצפים של משבצות מושחרות באורכים שהרמז שלה נותן, לפי הסדר. בין שני רצפים באותו קו יש לפחות משבצת ריקה אחת.',
    'technique:overlap': 'חפיפה',
    'technique:line solving': 'פתרון קו',
    'technique:contradiction': 'סתירה',
    'shaded': 'מושחרת',
    'marked empty': 'מסומנת ריקה',
    'Shade cells so that every row and column shows runs of the lengths its clue gives, in order, with at least one empty cell between two runs. Tap a cell (or press Enter) to cycle: shaded, dot (empty), clear; drag along a row or column to paint several. F shades, X or . marks empty, 0 clears. A clue turns grey once its line is made.': 'השחירו משבצות כך שבכל שורה ועמודה יופיעו רצפים באורכים שהרמז שלה נותן, לפי הסדר, ולפחות משבצת ריקה אחת בין שני רצפים. הקישו על משבצת (או Enter) כדי לעבור בין: מושחרת, נקודה (ריקה), ריקון; גררו לאורך שורה או עמודה כדי לצבוע כמה משבצות. F משחיר, X או . מסמנים ריקה, 0 מנקה. רמז הופך אפור כשהקו שלו הושלם.',
    'Shade the cell': 'השחרת המשבצת',
    'Mark the cell empty': 'סימון המשבצת כריקה',
    ', clues {row} and {column}': ', רמזים {row} ו-{column}',
    'Shade {cells}.': 'השחירו את {cells}.',
    'Mark {cells} as empty.': 'סמנו את {cells} כריקה.',
    'Painted {n} cells (Undo takes the whole stroke back).': 'נצבעו {n} משבצות (ביטול מחזיר את כל המשיכה).',
    'Drew 1 number (Undo takes the whole stroke back).': 'צויר מספר אחד (ביטול מחזיר את כל המשיכה).',
    'Drew {n} numbers (Undo takes the whole stroke back).': 'צוירו {n} מספרים (ביטול מחזיר את כל המשיכה).',
    'Standard': 'רגיל',
    'Classic': 'קלאסי',
    'X (diagonals)': 'X (אלכסונים)',
    'Hidato (8 neighbours)': 'הידאטו (8 שכנים)',
    'Numbrix (4 neighbours)': 'נמבריקס (4 שכנים)',
    'easy': 'קל',
    'medium': 'בינוני',
    'hard': 'קשה',
    'expert': 'מומחה',
    'extreme': 'קיצוני',
    'diabolical': 'שטני',
    'beginner': 'מתחילים',
    'fiendish': 'אכזרי',
    'rules:sudoku': 'מלאו כל שורה, עמודה וריבוע בספרות 1 עד N, כל ספרה פעם אחת.',
    'rules:hidato': 'צרו מסלול מ-1 עד הסוף: כל מספר נוגע בבא אחריו, גם באלכסון.',
    'rules:killer': 'חוקי סודוקו, ובנוסף סכום כל כלוב מקווקו הוא המספר שבפינתו, בלי ספרה חוזרת בכלוב.',
    'rules:kenken': '1 עד N פעם אחת בכל שורה ועמודה; כל אזור מודגש מגיע למספר היעד בפעולה שלו (+ − × ÷).',
    'rules:starbattle': 'הציבו את מספר הכוכבים בכל שורה, עמודה ואזור צבעוני; כוכבים לא נוגעים זה בזה, גם באלכסון.',
    'rules:variant': 'חוקי סודוקו, ובנוסף החוקים המצוירים על הלוח (קווים, נקודות, כלובים).',
    'Making a puzzle…': 'מכינים חידה…',
    'The daily puzzle of {date}. Good luck!': 'החידה היומית של {date}. בהצלחה!',
    'New {what}. Good luck!': '{what} חדש. בהצלחה!',
    'Could not start a game: {error}': 'לא ניתן להתחיל משחק: {error}',
    'Start a new game?': 'להתחיל משחק חדש?',
    'Start a new game': 'התחלת משחק חדש',
    'The game in progress ({what}, {time}) ends and counts as quit.': 'המשחק הנוכחי ({what}, {time}) יסתיים וייחשב כפרישה.',
    'Paused while the page was hidden.': 'הושהה כשהדף הוסתר.',
    'Paused.': 'מושהה.',
    'Playing.': 'משחקים.',
    'Playing': 'משחקים',
    'Paused here': 'מושהה כאן',
    'Quit this game?': 'לצאת מהמשחק הזה?',
    'Quit the game': 'יציאה מהמשחק',
    'Could not pause: {error}': 'לא ניתן להשהות: {error}',
    'Could not resume: {error}': 'לא ניתן להמשיך: {error}',
    'Game over: you quit. Press Start for a new puzzle.': 'המשחק נגמר: פרשת. לחצו על התחלה לחידה חדשה.',
    'Quit: {error}': 'יציאה: {error}',
    'Welcome back. Your game is paused: press Resume.': 'ברוכים השבים. המשחק מושהה: לחצו על המשך.',
    'Welcome back: your game goes on.': 'ברוכים השבים: המשחק ממשיך.',
    'Your last game has ended ({status}). Press Start for a new one.': 'המשחק האחרון הסתיים ({status}). לחצו על התחלה למשחק חדש.',
    '{what}. Offline: the server cannot be reached; the game goes on here and is told to the server when it is back.':
      '{what}. לא מקוון: אין חיבור לשרת; המשחק ממשיך כאן ויעודכן בשרת כשהחיבור יחזור.',
    'Back online: the server says this game has ended ({status}). Press Start for a new one.':
      'שוב מקוון: לפי השרת המשחק הסתיים ({status}). לחצו על התחלה למשחק חדש.',
    'Back online: the game is in step with the server.': 'שוב מקוון: המשחק מעודכן מול השרת.',
    'Back online, but the server says: {error}': 'שוב מקוון, אבל השרת אומר: {error}',
    'Every cell is filled, but some break a rule.': 'כל התאים מלאים, אבל חלקם שוברים חוק.',
    '1 cell breaks a rule.': 'תא אחד שובר חוק.',
    '{n} cells break a rule.': '{n} תאים שוברים חוק.',
    '1 cell breaks a rule (marked).': 'תא אחד שובר חוק (מסומן).',
    '{n} cells break a rule (marked).': '{n} תאים שוברים חוק (מסומנים).',
    'No rule broken so far; 1 cell to fill.': 'עד כה לא נשבר חוק; נותר תא אחד.',
    'No rule broken so far; {n} cells to fill.': 'עד כה לא נשבר חוק; נותרו {n} תאים.',
    'The grid is full but not a solution of this puzzle.': 'הלוח מלא אבל זה לא פתרון של החידה.',
    'Check failed: {error}': 'הבדיקה נכשלה: {error}',
    'That cell is a given; it cannot change.': 'התא הזה נתון; אי אפשר לשנות אותו.',
    'Notes mode: digits toggle pencil marks.': 'מצב הערות: ספרות מוסיפות ומסירות סימוני עיפרון.',
    'Corner mode: digits toggle corner marks.': 'מצב פינות: ספרות מוסיפות ומסירות סימוני פינה.',
    'Notes mode off: digits fill cells.': 'מצב הערות כבוי: ספרות ממלאות תאים.',
    'Auto dots on: the cells around each star are marked.': 'נקודות אוטומטיות פועלות: התאים סביב כל כוכב מסומנים.',
    'Auto dots off.': 'נקודות אוטומטיות כבויות.',
    'Auto notes on: every empty cell shows its candidates, kept up to date.': 'הערות אוטומטיות פועלות: כל תא ריק מציג את האפשרויות שלו, מעודכן תמיד.',
    'Auto notes off: the notes stay, you keep them.': 'הערות אוטומטיות כבויות: ההערות נשארות, ואתם מעדכנים אותן.',
    '{place} of {of}': '{place} מתוך {of}',
    'Daily puzzle of {date}: your place in its ranking': 'החידה היומית של {date}: מקומך בדירוג שלה',
    'Daily puzzle of {date}': 'החידה היומית של {date}',
    'Solved in {time}.': 'נפתר ב-{time}.',
    'Solved in {time}, {place} place.': 'נפתר ב-{time}, מקום {place}.',
    'unranked:offline': 'הסתיים במצב לא מקוון, ולכן השרת לא יכול היה למדוד את הזמן: נשמר בהיסטוריה שלך, לא בדירוג.',
    'unranked:pasted': 'חידות מודבקות אינן מדורגות: הן יכולות להיות כל חידה. נשמר בהיסטוריה שלך.',
    'unranked:too-fast': 'מהיר יותר מהזמנים האנושיים הטובים ביותר לחידה הזאת, ולכן נשמר בהיסטוריה אך לא מדורג.',
    'unranked:assisted': 'רמז או הפותר עזרו בחידה הזאת: נשמר בהיסטוריה שלך, לא בדירוג.',
    'unranked:daily-taken': 'כבר יש לך (או למישהו ברשת שלך) תוצאה מדורגת בחידה היומית של היום. התוצאה הזאת נשמרת, לא מדורגת.',
    'unranked:address-cap': 'הרשת שלך כבר מחזיקה את מספר המקומות המרבי לכתובת אחת בעשרים הראשונים. נשמר, לא מדורג.',
    'No further step found.': 'לא נמצא צעד נוסף.',
    'The cell at row {r}, column {c} holds a wrong value (marked with a cross). Fix it and ask again.':
      'בתא בשורה {r}, עמודה {c} יש ערך שגוי (מסומן באיקס). תקנו ובקשו שוב.',
    'The cell at row {r}, column {c} has notes that leave out its answer (marked with a cross). Fix it and ask again.':
      'בהערות של התא בשורה {r}, עמודה {c} חסרה התשובה (מסומן באיקס). תקנו ובקשו שוב.',
    'There is a mistake on the board: a value, or notes that leave out the answer. Look again, or press "Show where" to see one wrong cell.':
      'יש טעות בלוח: ערך, או הערות שחסרה בהן התשובה. הסתכלו שוב, או לחצו "הראו איפה" כדי לראות תא שגוי אחד.',
    'No hint: {error}': 'אין רמז: {error}',
    '1 player has solved it': 'שחקן אחד פתר אותה',
    '{n} players have solved it': '{n} שחקנים פתרו אותה',
    'Daily puzzle of {date} (UTC): you solved it in {time}. A new one comes at midnight UTC.':
      'החידה היומית של {date} (UTC): פתרת אותה ב-{time}. חידה חדשה תגיע בחצות UTC.',
    'Daily puzzle of {date} (UTC): you solved it in {time}, {place} of {of}. A new one comes at midnight UTC.':
      'החידה היומית של {date} (UTC): פתרת אותה ב-{time}, {place} מתוך {of}. חידה חדשה תגיע בחצות UTC.',
    'Daily puzzle of {date} (UTC); {others}.': 'החידה היומית של {date} (UTC); {others}.',
    'Daily puzzle of {date} (UTC): started; {others}.': 'החידה היומית של {date} (UTC): התחלת; {others}.',
    'You solved this daily puzzle already': 'כבר פתרת את החידה היומית הזאת',
    'Next number: {next}.': 'המספר הבא: {next}.',
    'Next number: {next}. It touches {prev} (row {r}, column {c}); the cells it can go in are ringed.':
      'המספר הבא: {next}. הוא נוגע ב-{prev} (שורה {r}, עמודה {c}); התאים האפשריים מוקפים.',
    'Every number is placed.': 'כל המספרים במקומם.',
    'Next': 'הבא',
    'Next ({next})': 'הבא ({next})',
    'Row {r}, column {c}': 'שורה {r}, עמודה {c}',
    ', box {b}': ', ריבוע {b}',
    ', given {v}': ', נתון {v}',
    ', empty': ', ריק',
    ', candidates {list}': ', הערות {list}',
    ', corner marks {list}': ', סימוני פינה {list}',
    'technique:full house': 'בית מלא',
    'technique:hidden single': 'יחיד נסתר',
    'technique:naked single': 'יחיד גלוי',
    'technique:pointing': 'הצבעה',
    'technique:claiming': 'תפיסה',
    'technique:naked pair': 'זוג גלוי',
    'technique:hidden pair': 'זוג נסתר',
    'technique:naked triple': 'שלישייה גלויה',
    'technique:hidden triple': 'שלישייה נסתרת',
    'technique:naked quad': 'רביעייה גלויה',
    'technique:hidden quad': 'רביעייה נסתרת',
    'technique:x-wing': 'X-wing',
    'technique:finned x-wing': 'X-wing עם סנפיר',
    'technique:swordfish': 'דג חרב',
    'technique:finned swordfish': 'דג חרב עם סנפיר',
    'technique:xy-wing': 'XY-wing',
    'technique:xyz-wing': 'XYZ-wing',
    'technique:w-wing': 'W-wing',
    'technique:jellyfish': 'מדוזה',
    'technique:finned jellyfish': 'מדוזה עם סנפיר',
    'technique:unique rectangle type 1': 'מלבן ייחודי סוג 1',
    'technique:unique rectangle type 2': 'מלבן ייחודי סוג 2',
    'technique:unique rectangle type 4': 'מלבן ייחודי סוג 4',
    'technique:bug+1': 'BUG+1',
    'technique:simple colouring': 'צביעה פשוטה',
    'technique:x-chain': 'שרשרת X',
    'technique:xy-chain': 'שרשרת XY',
    'technique:alternating inference chain': 'שרשרת היסק מתחלפת',
    'technique:als-xz': 'ALS-XZ',
    'technique:forcing chain': 'שרשרת מאלצת',
    'technique:forcing net': 'רשת מאלצת',
    'technique:guess': 'ניחוש',
    'technique:given': 'נתון',
    'technique:cage combination': 'צירופי כלוב',
    'technique:cage pointing': 'הצבעת כלוב',
    'technique:rule of 45': 'כלל ה-45',
    'technique:pointing and claiming': 'הצבעה ותפיסה',
    'technique:trial': 'ניסוי',
    'technique:hidden operation': 'פעולה נסתרת',
    'technique:line sum': 'סכום שורה',
    'technique:unit full': 'יחידה מלאה',
    'technique:confined region': 'אזור כלוא',
    'technique:squeeze': 'דחיסה',
    'technique:2x2 blocks': 'גושי 2x2',
    'technique:would break a unit': 'שובר יחידה',
    'technique:arrow range': 'טווח חץ',
    'technique:between line': 'קו בין',
    'technique:clone copy': 'העתק שיבוט',
    'technique:kropki pair': 'זוג קרופקי',
    'technique:xv pair': 'זוג XV',
    'technique:little killer sum': 'סכום קילר קטן',
    'technique:minimum/maximum': 'מינימום/מקסימום',
    'technique:negative constraint': 'אילוץ שלילי',
    'technique:palindrome mirror': 'שיקוף פלינדרום',
    'technique:quadruple digits': 'ספרות רביעייה',
    'technique:region-sum line': 'קו סכום אזורים',
    'technique:sandwich total': 'סכום סנדוויץ\'',
    'technique:thermometer range': 'טווח מדחום',
    'technique:whispers difference': 'הפרש לחישות',
    'technique:odd/even': 'זוגי/אי-זוגי',
    'technique:anti-knight elimination': 'סילוק אנטי-פרש',
    'technique:anti-king elimination': 'סילוק אנטי-מלך',
    'technique:non-consecutive elimination': 'סילוק לא-עוקב',
    'technique:renban run': 'רנבן',
    'No rule finds the next step here.': 'אף כלל לא מוצא כאן את הצעד הבא.',
    'Put a star in {cells}.': 'שימו כוכב ב-{cells}.',
    'Mark {cells} as no star.': 'סמנו את {cells} כ"אין כוכב".',
    'Place {v} in {cells}.': 'שימו {v} ב-{cells}.',
    'Remove {values} from the notes of {cells}.': 'הסירו את {values} מההערות של {cells}.',
    'Remove {n} candidates from {m} cells, ringed.': 'הסירו {n} מועמדים מ-{m} משבצות מסומנות.',
    'Why, in English:': 'למה (באנגלית):',
    'star': 'כוכב',
    'no star': 'אין כוכב',
    'Digit first': 'ספרה קודם',
    'Pick a digit on the pad, then tap the cells it goes in; tap it again to drop it.': 'בחרו ספרה בלוח הספרות ואז הקישו על המשבצות שבהן היא נמצאת; הקשה נוספת עליה מבטלת את הבחירה.',
    '{d} picked: tap the cells it goes in.': '{d} נבחרה: הקישו על המשבצות שלה.',
    'Mistakes': 'טעויות',
    'Not shown': 'לא מוצגות',
    'Shown at once': 'מוצגות מיד',
    'Three lives': 'שלושה חיים',
    'Only the server knows the answer: with mistakes shown, the game counts as assisted.': 'רק השרת יודע את הפתרון: כשטעויות מוצגות, המשחק נחשב כמשחק בעזרה.',
    '1 life left': 'נשארו חיים אחד',
    '{n} lives left': 'נשארו {n} חיים',
    'A mistake (crossed out): 1 life left.': 'טעות (מסומנת ב-X): נשארו חיים אחד.',
    'A mistake (crossed out): {n} lives left.': 'טעות (מסומנת ב-X): נשארו {n} חיים.',
    'A mistake: that value is not the answer (crossed out).': 'טעות: הערך הזה אינו הפתרון (מסומן ב-X).',
    '{n} mistakes: those values are not the answer (crossed out).': '{n} טעויות: הערכים האלה אינם הפתרון (מסומנים ב-X).',
    'Offline: mistakes are shown when the server is back.': 'לא מקוון: הטעויות יוצגו כשהשרת יחזור.',
    'Could not look for mistakes: {error}': 'לא ניתן לבדוק טעויות: {error}',
    '{n} mistakes: the game is over. Press Start for a new puzzle.': '{n} טעויות: המשחק נגמר. לחצו על התחלה לפאזל חדש.',
    ', cage {total}': ', כלוב {total}',
    ', cage {total} plus': ', כלוב {total} חיבור',
    ', cage {total} minus': ', כלוב {total} חיסור',
    ', cage {total} times': ', כלוב {total} כפל',
    ', cage {total} divided': ', כלוב {total} חילוק',
    ', region {n}': ', אזור {n}',
    ', on a diagonal': ', על אלכסון',
    ', conflict': ', התנגשות',
    ', mistake': ', טעות',
    ', hint': ', רמז',
    'Note {d}': 'הערה {d}',
    'Corner mark {d}': 'סימון פינה {d}',
    'Enter {d}': 'הזנת {d}',
    'Type {d}': 'הקלדת {d}',
    'Clear the cell': 'ניקוי המשבצת',
    'Put a star': 'הצבת כוכב',
    'Mark no star': 'סימון בלי כוכב',
    ', all placed': ', כולם במקומם',
    ', {n} left': ', נותרו {n}',
    ', marked {colour}': ', מסומן ב{colour}',
    'rose': 'ורוד',
    'amber': 'ענבר',
    'violet': 'סגול',
    'teal': 'טורקיז',
    ', the hint removes candidate {list}': ', הרמז מסיר את המועמד {list}',
    ', the hint removes candidates {list}': ', הרמז מסיר את המועמדים {list}',
    ', touches {n}': ', נוגע ב־{n}',
    'Star': 'כוכב',
    'No star': 'בלי כוכב',
    'Clear': 'מחיקה',
    'game': 'משחק',
    'Saved, will be checked when online (finished offline, so unranked).': 'נשמר, ייבדק כשיהיה חיבור (הסתיים במצב לא מקוון, ולכן לא מדורג).',
    'Your {what} finished offline was checked: solved in {time}, {place} place.': 'ה{what} שסיימת במצב לא מקוון נבדק: נפתר ב-{time}, מקום {place}.',
    'Your {what} finished offline was checked: solved in {time}, unranked.': 'ה{what} שסיימת במצב לא מקוון נבדק: נפתר ב-{time}, לא מדורג.',
    'Your {what} finished offline was checked: the server says it is not solved.': 'ה{what} שסיימת במצב לא מקוון נבדק: לפי השרת הוא לא נפתר.',
    'A game you finished offline is saved, and will be checked when online.': 'משחק שסיימת במצב לא מקוון נשמר, וייבדק כשיהיה חיבור.',
    'Your game finished offline could not be recorded: {error}': 'לא ניתן לרשום את המשחק שסיימת במצב לא מקוון: {error}',
  },
};

/** The languages offered, in their own names. */
export const LANGUAGES = [['en', 'English'], ['ko', '한국어'], ['he', 'עברית']];
const RTL = new Set(['he']);
const PREFS = 'tessera.prefs';

/** The language theme-init.js chose (<html lang>), English when it is none of ours. */
function chosen() {
  const code = document.documentElement.lang;
  return LANGUAGES.some(([known]) => known === code) ? code : 'en';
}

let lang = chosen();

/** The page's language code ("en", "ko", "he"). */
export const currentLang = () => lang;

/** `text` (the English) in the page's language, with `{name}` filled from `vars`. */
export function t(text, vars) {
  const table = CATALOGUES[lang];
  let out = (table && table[text]) || text;
  if (vars) out = out.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return out;
}

/** One of two English forms by count (`one` for 1), translated, with `{n}` filled. */
export function plural(n, one, many, vars = {}) {
  return t(n === 1 ? one : many, { ...vars, n: number(n) });
}

/** A word the page gets from the server (a puzzle's title, a level), translated when known. */
export const word = (text) => t(String(text));

/** A number in the page's language. */
export const number = (n) => new Intl.NumberFormat(lang).format(n);

/** "row 3, column 5 and box 2" in the page's language (Intl.ListFormat). */
export const list = (items) => new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);

/** A place in a ranking: "1st" in English, "1위" in Korean, "1" in Hebrew (which says "מקום"). */
export function ordinal(n) {
  if (lang === 'ko') return `${number(n)}위`;
  if (lang === 'he') return number(n);
  const m = n % 100;
  if (m >= 11 && m <= 13) return `${n}th`;
  return n + ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th');
}

/** A calendar date of the server ("2026-05-01", UTC) in the page's language; as given in English
 * (the dates the tests and the API read) and when it is not a date. */
export function date(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text || ''));
  if (!m || lang === 'en') return text;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** Writes the page's words in its language: `lang` and `dir` on <html>, every element with a
 * `data-i18n` attribute (its English text, kept in the attribute, translated), and the attributes
 * named by `data-i18n-attr` ("aria-label placeholder title"), whose English is kept in
 * `data-i18n-<name>`. */
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang) ? 'rtl' : 'ltr';
  for (const el of root.querySelectorAll('[data-i18n]')) {
    if (!el.dataset.i18n) el.dataset.i18n = el.textContent.trim();
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const name of el.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
      const keep = `i18n${name.replace(/(^|-)(\w)/g, (m, d, c) => c.toUpperCase())}`;
      if (!(keep in el.dataset)) el.dataset[keep] = el.getAttribute(name) || '';
      el.setAttribute(name, t(el.dataset[keep]));
    }
  }
}

const listeners = [];

/** Calls `fn` after every change of language (the page redraws what scripts wrote). */
export const onLanguage = (fn) => listeners.push(fn);

/** The game page's language select: set to the page's language, and switching in place. */
export function wireLanguage(select) {
  if (!select) return;
  // The options are in the page already (_top.html), so that nothing moves when this runs.
  if (select.options.length !== LANGUAGES.length) {
    select.replaceChildren(...LANGUAGES.map(([code, name]) => {
      const o = new Option(name, code);
      o.lang = code;
      return o;
    }));
  }
  select.value = lang;
  select.addEventListener('change', () => {
    lang = select.value;
    try {
      const prefs = JSON.parse(localStorage.getItem(PREFS) || 'null') || {};
      prefs.lang = lang;
      localStorage.setItem(PREFS, JSON.stringify(prefs));
    } catch (e) { /* storage off: the choice lasts for this page */ }
    translatePage();
    for (const fn of listeners) fn(lang);
  });
}

/** Writes `text` (already translated) into `el`, which scripts own from now on: a later change of
 * language leaves it to them rather than writing back its HTML's English. */
export function setText(el, text) {
  el.removeAttribute('data-i18n');
  el.textContent = text;
}
