#ifndef SPORTSTIME_CSQLITE_SHIM_H
#define SPORTSTIME_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
/// cannot import; this wrapper binds text that SQLite copies at once.
static inline int sportstime_bind_text(sqlite3_stmt *stmt, int index,
                                       const char *text, int byteCount) {
  return sqlite3_bind_text(stmt, index, text, byteCount, SQLITE_TRANSIENT);
}

/// Blob counterpart of sportstime_bind_text (SQLite copies the bytes).
static inline int sportstime_bind_blob(sqlite3_stmt *stmt, int index,
                                       const void *bytes, int byteCount) {
  return sqlite3_bind_blob(stmt, index, bytes, byteCount, SQLITE_TRANSIENT);
}

/// sqlite3_db_config is variadic, which Swift cannot call; this wrapper sets
/// one of its integer options (e.g. SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE) and
/// ignores the "old value" output.
static inline int sportstime_db_config_int(sqlite3 *db, int option, int value) {
  return sqlite3_db_config(db, option, value, (int *)0);
}

/// sqlite3_config is variadic too; this wrapper turns the library's memory
/// statistics (SQLITE_CONFIG_MEMSTATUS) on or off. Off, SQLite's allocator
/// takes no global mutex and keeps no counters per allocation. Only valid
/// before the library is initialized (else SQLITE_MISUSE, nothing changed).
static inline int sportstime_config_memstatus(int on) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}

#endif
