-- wrk: POST /api/games, a new Sudoku (LOAD_GAME, default 9x9 classic easy) per request.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)") or "./"
dofile(here .. "report.lua")

wrk.method = "POST"
wrk.path = "/api/games"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("LOAD_GAME")
   or '{"kind":"sudoku","size":9,"variant":"classic","difficulty":"easy"}'

done = report("new-game")
