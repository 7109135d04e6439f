-- A large live heap at exit (the leak check's bench, bench/run.sh's "leak check
-- at exit"): a table of N records, each a small table with a string and a
-- nested table, then os.exit(0) without closing the Lua state, so every
-- object is still allocated, and reachable, when the C library's exit runs
-- the leak check.  Nothing leaks: the check must report nothing.
-- usage: lua live_heap.lua [records]
local N = tonumber(arg and arg[1]) or 400000
local t = {}
for i = 1, N do
  t[i] = { id = i, name = "record-" .. i, tags = { i % 7, i % 11 } }
end
local sum = 0
for i = 1, N, 97 do sum = sum + t[i].id + #t[i].name + t[i].tags[2] end
print(#t, sum)
os.exit(0)
