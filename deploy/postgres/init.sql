-- Run once, when the data directory is created. Through pgbouncer's transaction pooling the
-- service cannot set its sessions' limits itself (a pooler refuses start-up settings it does not
-- know), so the database carries them: a statement (a lock wait included) and a transaction left
-- idle are ended by the server, as DATABASE_STATEMENT_TIMEOUT_MS does without a pooler.
ALTER DATABASE skat SET statement_timeout = '5s';
ALTER DATABASE skat SET idle_in_transaction_session_timeout = '5s';
