-- binary-trees (after the Computer Language Benchmarks Game): allocation heavy.
-- Builds and walks many short-lived complete binary trees plus one long-lived tree.
-- usage: lua binary_trees.lua [maxdepth]
local function bottom_up(depth)
  if depth == 0 then return {} end
  depth = depth - 1
  return { bottom_up(depth), bottom_up(depth) }
end

local function check(tree)
  local l = tree[1]
  if l then return 1 + check(l) + check(tree[2]) end
  return 1
end

local N = tonumber(arg and arg[1]) or 15
local mindepth = 4
local maxdepth = math.max(mindepth + 2, N)

local stretch = maxdepth + 1
io.write(string.format("stretch tree of depth %d\t check: %d\n", stretch, check(bottom_up(stretch))))

local longlived = bottom_up(maxdepth)

for depth = mindepth, maxdepth, 2 do
  local iters = 2 ^ (maxdepth - depth + mindepth)
  local sum = 0
  for _ = 1, iters do sum = sum + check(bottom_up(depth)) end
  io.write(string.format("%d\t trees of depth %d\t check: %d\n", iters, depth, sum))
end

io.write(string.format("long lived tree of depth %d\t check: %d\n", maxdepth, check(longlived)))
