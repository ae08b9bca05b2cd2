-- Shared by the wrk scripts of scripts/load-test.sh: one machine-readable line at the end.
-- RESULT <name> requests=<n> seconds=<s> rps=<r/s> p50_ms=<ms> p90_ms=<ms> p99_ms=<ms> max_ms=<ms>
--        errors_connect=<n> errors_read=<n> errors_write=<n> errors_timeout=<n> errors_status=<n>
-- wrk counts a status of 400 or more as a status error (201 and 200 are fine).
function report(name)
   return function(summary, latency, requests)
      local e = summary.errors
      local seconds = summary.duration / 1e6
      io.write(string.format(
         "RESULT %s requests=%d seconds=%.2f rps=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f " ..
         "errors_connect=%d errors_read=%d errors_write=%d errors_timeout=%d errors_status=%d\n",
         name, summary.requests, seconds, summary.requests / seconds,
         latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
         latency.max / 1000, e.connect, e.read, e.write, e.timeout, e.status))
   end
end
