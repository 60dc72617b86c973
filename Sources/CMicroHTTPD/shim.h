#ifndef SPORTSTIME_CMICROHTTPD_SHIM_H
#define SPORTSTIME_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <dlfcn.h>
#include <microhttpd.h>

/* libmicrohttpd is loaded when the server first starts (dlopen), not linked:
   linked, it and the ten libraries it pulls in (gnutls, nettle, …) cost
   every command of the CLI about 2.4 ms of start-up. Each wrapper below
   finds its function once (dlsym) and calls it. */

/* The library, loaded on first use; NULL when it cannot be loaded. */
static inline void *sportstime_mhd_library(void) {
  static void *handle = NULL;
  if (handle == NULL) {
    handle = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) handle = dlopen("libmicrohttpd.so", RTLD_NOW | RTLD_GLOBAL);
#ifdef __APPLE__
    if (handle == NULL) handle = dlopen("libmicrohttpd.dylib", RTLD_NOW | RTLD_GLOBAL);
#endif
  }
  return handle;
}

/* Why the library cannot be loaded (dlerror), or NULL when it can. */
static inline const char *sportstime_mhd_load_error(void) {
  if (sportstime_mhd_library() != NULL) return NULL;
  const char *error = dlerror();
  return error != NULL ? error : "libmicrohttpd.so.12 not found";
}

/* `name` in the library (NULL when it is not loaded). */
static inline void *sportstime_mhd_symbol(const char *name) {
  void *library = sportstime_mhd_library();
  return library == NULL ? NULL : dlsym(library, name);
}

#define SPORTSTIME_MHD_FUNCTION(type, name) \
  static type name##_fn = NULL; \
  if (name##_fn == NULL) name##_fn = (type)sportstime_mhd_symbol(#name)

typedef struct MHD_Daemon *(*sportstime_start_t)(unsigned int, uint16_t, MHD_AcceptPolicyCallback,
                                                  void *, MHD_AccessHandlerCallback, void *, ...);
typedef const union MHD_DaemonInfo *(*sportstime_info_t)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
typedef MHD_socket (*sportstime_quiesce_t)(struct MHD_Daemon *);
typedef void (*sportstime_stop_t)(struct MHD_Daemon *);
typedef void (*sportstime_connection_t)(struct MHD_Connection *);
typedef int (*sportstime_values_t)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
typedef struct MHD_Response *(*sportstime_buffer_t)(size_t, void *, enum MHD_ResponseMemoryMode);
typedef struct MHD_Response *(*sportstime_callback_t)(uint64_t, size_t, MHD_ContentReaderCallback, void *,
                                                      MHD_ContentReaderFreeCallback);
typedef enum MHD_Result (*sportstime_header_t)(struct MHD_Response *, const char *, const char *);
typedef enum MHD_Result (*sportstime_queue_t)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
typedef void (*sportstime_destroy_t)(struct MHD_Response *);

static inline MHD_socket sportstime_mhd_quiesce(struct MHD_Daemon *daemon) {
  SPORTSTIME_MHD_FUNCTION(sportstime_quiesce_t, MHD_quiesce_daemon);
  return MHD_quiesce_daemon_fn(daemon);
}

static inline void sportstime_mhd_stop(struct MHD_Daemon *daemon) {
  SPORTSTIME_MHD_FUNCTION(sportstime_stop_t, MHD_stop_daemon);
  MHD_stop_daemon_fn(daemon);
}

static inline void sportstime_mhd_suspend(struct MHD_Connection *connection) {
  SPORTSTIME_MHD_FUNCTION(sportstime_connection_t, MHD_suspend_connection);
  MHD_suspend_connection_fn(connection);
}

static inline void sportstime_mhd_resume(struct MHD_Connection *connection) {
  SPORTSTIME_MHD_FUNCTION(sportstime_connection_t, MHD_resume_connection);
  MHD_resume_connection_fn(connection);
}

static inline int sportstime_mhd_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                        MHD_KeyValueIterator iterator, void *context) {
  SPORTSTIME_MHD_FUNCTION(sportstime_values_t, MHD_get_connection_values);
  return MHD_get_connection_values_fn(connection, kind, iterator, context);
}

static inline struct MHD_Response *sportstime_mhd_response_from_buffer(size_t size, void *buffer,
                                                                      enum MHD_ResponseMemoryMode mode) {
  SPORTSTIME_MHD_FUNCTION(sportstime_buffer_t, MHD_create_response_from_buffer);
  return MHD_create_response_from_buffer_fn(size, buffer, mode);
}

static inline struct MHD_Response *sportstime_mhd_response_from_callback(
    uint64_t size, size_t blockSize, MHD_ContentReaderCallback reader, void *context,
    MHD_ContentReaderFreeCallback freed) {
  SPORTSTIME_MHD_FUNCTION(sportstime_callback_t, MHD_create_response_from_callback);
  return MHD_create_response_from_callback_fn(size, blockSize, reader, context, freed);
}

static inline enum MHD_Result sportstime_mhd_add_header(struct MHD_Response *response, const char *name,
                                                       const char *value) {
  SPORTSTIME_MHD_FUNCTION(sportstime_header_t, MHD_add_response_header);
  return MHD_add_response_header_fn(response, name, value);
}

static inline enum MHD_Result sportstime_mhd_queue(struct MHD_Connection *connection, unsigned int status,
                                                  struct MHD_Response *response) {
  SPORTSTIME_MHD_FUNCTION(sportstime_queue_t, MHD_queue_response);
  return MHD_queue_response_fn(connection, status, response);
}

static inline void sportstime_mhd_destroy(struct MHD_Response *response) {
  SPORTSTIME_MHD_FUNCTION(sportstime_destroy_t, MHD_destroy_response);
  MHD_destroy_response_fn(response);
}

typedef const union MHD_ConnectionInfo *(*sportstime_connection_info_t)(struct MHD_Connection *,
                                                                        enum MHD_ConnectionInfoType, ...);

/* The socket of `connection` (-1 when unknown). MHD_get_connection_info is
   variadic. */
static inline int sportstime_mhd_connection_socket(struct MHD_Connection *connection) {
  SPORTSTIME_MHD_FUNCTION(sportstime_connection_info_t, MHD_get_connection_info);
  if (MHD_get_connection_info_fn == NULL) return -1;
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info_fn(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/* Macros with casts do not import into Swift: the same values as constants. */
static const uint64_t sportstime_mhd_size_unknown = MHD_SIZE_UNKNOWN;
static const ssize_t sportstime_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t sportstime_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;

/* MHD_start_daemon is variadic, which Swift cannot call: the options the
   server uses, in one function. `address` is the socket address to bind
   (IPv4 or IPv6); the thread pool has `threads` threads; idle connections
   close after `timeoutSeconds`; each connection may use `memoryLimit` bytes. */
/* At most `connections` connections at once, `perAddress` of them from one
   client address (more are closed as they arrive). `uriSeen` is called with
   each request's address before its query is parsed; what it returns is the
   request's first state (`*con_cls`). */
static inline struct MHD_Daemon *sportstime_mhd_start(
    unsigned int flags, const struct sockaddr *address, unsigned int threads,
    unsigned int timeoutSeconds, size_t memoryLimit, unsigned int connections,
    unsigned int perAddress,
    MHD_AccessHandlerCallback handler, void *handlerContext,
    MHD_RequestCompletedCallback completed, void *completedContext,
    void *(*uriSeen)(void *, const char *, struct MHD_Connection *), void *uriContext) {
  SPORTSTIME_MHD_FUNCTION(sportstime_start_t, MHD_start_daemon);
  if (MHD_start_daemon_fn == NULL) return NULL;
  return MHD_start_daemon_fn(
      flags, 0, NULL, NULL, handler, handlerContext,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_THREAD_POOL_SIZE, threads,
      MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryLimit,
      MHD_OPTION_CONNECTION_LIMIT, connections,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, perAddress,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext,
      MHD_OPTION_URI_LOG_CALLBACK, uriSeen, uriContext,
      MHD_OPTION_END);
}

/* Counts the query arguments of `uri` (the request target as sent); when
   there are more than `limit`, empties the query in place (libmicrohttpd
   parses it after the URI callback, into the connection's memory, and drops
   the connection silently when thousands do not fit) and returns 1. */
static inline int sportstime_truncate_query(const char *uri, unsigned int limit) {
  if (uri == NULL) return 0;
  char *query = strchr((char *)uri, '?');
  if (query == NULL) return 0;
  unsigned int count = 1;
  for (const char *p = query + 1; *p != '\0'; p++) {
    if (*p == '&') count++;
  }
  if (count <= limit) return 0;
  query[1] = '\0';
  return 1;
}

/* The port the daemon is bound to (the one the system chose for port 0);
   0 when unknown. MHD_get_daemon_info is variadic. */
static inline uint16_t sportstime_mhd_bound_port(struct MHD_Daemon *daemon) {
  SPORTSTIME_MHD_FUNCTION(sportstime_info_t, MHD_get_daemon_info);
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info_fn(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

#endif
