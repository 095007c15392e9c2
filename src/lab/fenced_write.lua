local highest = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) < highest then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[1]) return 1
