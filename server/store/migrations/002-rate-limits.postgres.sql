-- Rate limits shared by every server instance (server/store/postgres-rate-limit.ts):
-- one fixed window per scope (the endpoint) and key (the client's address).
-- UNLOGGED: counts are worth nothing after a crash, so they skip the WAL; a
-- restart or a failover starts every window afresh.
CREATE UNLOGGED TABLE rate_limits (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  -- When the window opened (ms since the epoch).
  window_start BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);

CREATE INDEX rate_limits_window_start ON rate_limits (window_start);
