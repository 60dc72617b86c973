#ifndef SPORTSTIME_CMICROHTTPD_SHIM_H
#define SPORTSTIME_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* Macros with casts do not import into Swift: the same values as constants. */
static const uint64_t sportstime_mhd_size_unknown = MHD_SIZE_UNKNOWN;
static const ssize_t sportstime_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t sportstime_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;

/* MHD_start_daemon is variadic, which Swift cannot call: the options the
   server uses, in one function. `address` is the socket address to bind
   (IPv4 or IPv6); the thread pool has `threads` threads; idle connections
   close after `timeoutSeconds`; each connection may use `memoryLimit` bytes. */
static inline struct MHD_Daemon *sportstime_mhd_start(
    unsigned int flags, const struct sockaddr *address, unsigned int threads,
    unsigned int timeoutSeconds, size_t memoryLimit,
    MHD_AccessHandlerCallback handler, void *handlerContext,
    MHD_RequestCompletedCallback completed, void *completedContext) {
  return MHD_start_daemon(
      flags, 0, NULL, NULL, handler, handlerContext,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_THREAD_POOL_SIZE, threads,
      MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryLimit,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext,
      MHD_OPTION_END);
}

/* The port the daemon is bound to (the one the system chose for port 0);
   0 when unknown. MHD_get_daemon_info is variadic. */
static inline uint16_t sportstime_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info =
      MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

#endif
