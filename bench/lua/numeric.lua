-- Numeric loop: floating point and integer arithmetic in the VM with no allocation
-- in the hot loop (mandelbrot-style iteration plus an integer sieve).
-- usage: lua numeric.lua [size]
local N = tonumber(arg and arg[1]) or 1200
local inside = 0
for y = 0, N - 1 do
  local ci = 2.0 * y / N - 1.0
  for x = 0, N - 1 do
    local cr = 2.0 * x / N - 1.5
    local zr, zi, i = 0.0, 0.0, 0
    while i < 50 and zr * zr + zi * zi <= 4.0 do
      zr, zi = zr * zr - zi * zi + cr, 2.0 * zr * zi + ci
      i = i + 1
    end
    if i == 50 then inside = inside + 1 end
  end
end
-- integer sieve on a preallocated array
local M = N * 2500
local sieve = {}
for i = 1, M do sieve[i] = true end
local primes = 0
for i = 2, M do
  if sieve[i] then
    primes = primes + 1
    for j = i * i, M, i do sieve[j] = false end
  end
end
print("numeric", inside, primes)
