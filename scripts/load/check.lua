-- wrk: POST /api/games/{id}/check over the games listed in LOAD_GAMES (a file of lines
-- "ID CELLS", CELLS the grid as comma-separated integers), round robin, each thread starting at
-- its own offset. The grid posted is the puzzle itself: valid, incomplete, so the game goes on.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)") or "./"
dofile(here .. "report.lua")

local games = {}
local file = assert(io.open(assert(os.getenv("LOAD_GAMES"), "LOAD_GAMES is not set"), "r"))
for line in file:lines() do
   local id, cells = line:match("^(%w+) ([-%d,]+)$")
   if id then
      games[#games + 1] = { path = "/api/games/" .. id .. "/check", body = '{"cells":[' .. cells .. ']}' }
   end
end
file:close()
assert(#games > 0, "no games in LOAD_GAMES")

local headers = { ["Content-Type"] = "application/json" }
local next_game = 1
local threads = 0

function setup(thread)
   threads = threads + 1
   thread:set("start", threads * 7919)
end

function init(args)
   next_game = (start or 0) % #games + 1
end

function request()
   local g = games[next_game]
   next_game = next_game % #games + 1
   return wrk.format("POST", g.path, headers, g.body)
end

done = report("check")
