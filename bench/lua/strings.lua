-- String building: concatenation, table.concat, string.format, gsub, rep, sub, find.
-- Many short and medium strings are created and interned; buffers grow and shrink.
-- usage: lua strings.lua [rounds]
local rounds = tonumber(arg and arg[1]) or 60
local total = 0
for r = 1, rounds do
  -- 1. piecewise concatenation (creates a new string each step)
  local s = ""
  for i = 1, 2000 do s = s .. string.char(97 + (i + r) % 26) end
  total = total + #s

  -- 2. buffer of formatted pieces joined with table.concat
  local parts = {}
  for i = 1, 20000 do
    parts[#parts + 1] = string.format("%d:%s:%5.2f", i, "k" .. (i % 97), i / 7)
  end
  local joined = table.concat(parts, ",")
  total = total + #joined

  -- 3. pattern work over the big string
  local n = 0
  for w in joined:gmatch("k(%d+)") do n = n + #w end
  local replaced, cnt = joined:gsub("k(%d)", "K%1")
  total = total + n + cnt + #replaced

  -- 4. reversal, repetition, substrings, upper/lower
  local rep = string.rep("abcdefghij", 1000)
  for i = 1, 2000 do
    local a = rep:sub(i, i + 50):upper():reverse()
    total = total + #a + (rep:find(a:lower():reverse(), 1, true) or 0)
  end
end
print("strings total", total)
