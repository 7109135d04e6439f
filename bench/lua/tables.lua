-- Table / hash churn: string and integer keys inserted, looked up and deleted,
-- tables rehashed as they grow and shrink, array parts sorted and rebuilt.
-- usage: lua tables.lua [rounds]
local rounds = tonumber(arg and arg[1]) or 6
local checksum = 0
for r = 1, rounds do
  local h = {}
  -- insert string keys
  for i = 1, 50000 do h["key" .. ((i * 7919 + r) % 65536)] = i end
  -- lookups, half of them misses
  for i = 1, 100000 do
    local v = h["key" .. ((i * 31) % 131072)]
    if v then checksum = checksum + v end
  end
  -- delete every other key, then reinsert with new values (rehash churn)
  local k = 0
  for key in pairs(h) do
    k = k + 1
    if k % 2 == 0 then h[key] = nil end
  end
  for i = 1, 25000 do h[i] = { i, tostring(i) } end
  -- integer-keyed array: fill, sort, remove
  local a = {}
  for i = 1, 40000 do a[i] = (i * 2654435761) % 1000003 end
  table.sort(a)
  checksum = checksum + a[1] + a[#a]
  for _ = 1, 1000 do table.remove(a) end
  -- many small tables as records
  local recs = {}
  for i = 1, 30000 do recs[i] = { id = i, name = "n" .. i, score = i % 101 } end
  local s = 0
  for i = 1, #recs do s = s + recs[i].score end
  checksum = (checksum + s) % 1000000007
end
print("tables checksum", checksum)
