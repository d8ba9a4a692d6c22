#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a loopback port and prints its admin URL.
# PostgreSQL refuses to run as root, so the cluster belongs to the postgres user.
set -euo pipefail
# A free loopback port unless one is asked for, so a cluster already running does not collide.
PORT="${PG_TEST_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
# PG_TEST_DIR names the (empty) directory to use, so the caller can stop the cluster (pg_ctl -D $DIR/data stop).
DIR="${PG_TEST_DIR:-$(mktemp -d /tmp/parley-pg.XXXXXX)}"
AS=()
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$DIR"
  AS=(runuser -u postgres --)
fi
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U parley --auth=trust -E UTF8 >"$DIR/initdb.log" 2>&1
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c max_connections=200" start >/dev/null
echo "postgres://parley@127.0.0.1:$PORT/postgres"
