-- wrk script for bench/http/run.py: POST the body in $BENCH_BODY as JSON.
wrk.method = "POST"
wrk.body = os.getenv("BENCH_BODY")
wrk.headers["Content-Type"] = "application/json"
local accept_language = os.getenv("BENCH_ACCEPT_LANGUAGE")
if accept_language ~= nil and accept_language ~= "" then
  wrk.headers["Accept-Language"] = accept_language
end
