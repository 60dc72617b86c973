#ifndef SPORTSTIME_CPANGOCAIRO_SHIM_H
#define SPORTSTIME_CPANGOCAIRO_SHIM_H

/* cairo (PDF surfaces and paths) and pango (text layout through pangocairo),
   loaded when the first PDF is drawn (dlopen), not linked: linked, they and
   the forty libraries they pull in (glib, harfbuzz, fontconfig, freetype, …)
   cost every command of the CLI about 5 ms of start-up, measured on this
   project's machine. The prototypes below are the libraries' own (cairo 1.16
   cairo.h and cairo-pdf.h, pango 1.50 pango-layout.h, pango-font.h and
   pangocairo.h), with their objects as opaque structs and their enums as
   int, so no header of theirs is needed to build. Each wrapper finds its
   function once (dlsym) and calls it; `sportstime_pc_load_error` tells
   whether all of them can be found, and nothing may be called before it
   returned NULL. */

#include <dlfcn.h>
#include <stddef.h>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;

/* cairo_write_func_t: returns CAIRO_STATUS_SUCCESS (0) or
   CAIRO_STATUS_WRITE_ERROR (11). */
typedef int (*sportstime_pc_write_func)(void *closure, const unsigned char *data, unsigned int length);

/* libpangocairo, whose dependencies hold pango, cairo and gobject (dlsym on
   its handle searches them too); NULL when it cannot be loaded. */
static inline void *sportstime_pc_library(void) {
  static void *handle = NULL;
  if (handle == NULL) {
    handle = dlopen("libpangocairo-1.0.so.0", RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) handle = dlopen("libpangocairo-1.0.so", RTLD_NOW | RTLD_GLOBAL);
#ifdef __APPLE__
    if (handle == NULL) handle = dlopen("libpangocairo-1.0.0.dylib", RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) handle = dlopen("/opt/homebrew/lib/libpangocairo-1.0.0.dylib", RTLD_NOW | RTLD_GLOBAL);
    if (handle == NULL) handle = dlopen("/usr/local/lib/libpangocairo-1.0.0.dylib", RTLD_NOW | RTLD_GLOBAL);
#endif
  }
  return handle;
}

static inline void *sportstime_pc_symbol(const char *name) {
  void *library = sportstime_pc_library();
  return library == NULL ? NULL : dlsym(library, name);
}

/* Every function the wrappers use, for the load check. */
static const char *const sportstime_pc_names[] = {
    "cairo_pdf_surface_create_for_stream", "cairo_pdf_surface_set_metadata",
    "cairo_surface_finish", "cairo_surface_destroy", "cairo_surface_status",
    "cairo_create", "cairo_destroy", "cairo_status", "cairo_status_to_string",
    "cairo_show_page", "cairo_save", "cairo_restore", "cairo_set_source_rgb",
    "cairo_set_line_width", "cairo_set_line_join", "cairo_set_line_cap", "cairo_set_dash",
    "cairo_move_to", "cairo_line_to", "cairo_close_path", "cairo_new_path",
    "cairo_new_sub_path", "cairo_rectangle", "cairo_arc", "cairo_fill", "cairo_fill_preserve",
    "cairo_stroke", "cairo_clip", "cairo_reset_clip", "cairo_set_fill_rule",
    "pango_cairo_create_layout", "pango_cairo_show_layout", "pango_cairo_layout_path", "pango_layout_set_text",
    "pango_layout_set_width", "pango_layout_set_height", "pango_layout_set_wrap", "pango_layout_set_ellipsize",
    "pango_layout_set_auto_dir", "pango_layout_set_font_description",
    "pango_layout_set_single_paragraph_mode", "pango_layout_get_size",
    "pango_layout_get_baseline", "pango_layout_get_line_count",
    "pango_font_description_from_string", "pango_font_description_set_absolute_size",
    "pango_font_description_set_weight", "pango_font_description_free", "g_object_unref",
};

/* Why the libraries cannot be used (dlerror, or the first function
   missing), or NULL when every wrapper below can be called. */
static inline const char *sportstime_pc_load_error(void) {
  if (sportstime_pc_library() == NULL) {
    const char *error = dlerror();
    return error != NULL ? error : "libpangocairo-1.0.so.0 not found";
  }
  for (size_t i = 0; i < sizeof sportstime_pc_names / sizeof sportstime_pc_names[0]; i++) {
    if (sportstime_pc_symbol(sportstime_pc_names[i]) == NULL) return sportstime_pc_names[i];
  }
  return NULL;
}

/* A wrapper `sportstime_<name>` of the library's function `name`. */
#define SPORTSTIME_PC(ret, name, params, args) \
  static inline ret sportstime_##name params { \
    typedef ret (*function_t) params; \
    static function_t function = NULL; \
    if (function == NULL) function = (function_t)sportstime_pc_symbol(#name); \
    return function args; \
  }
#define SPORTSTIME_PC_VOID(name, params, args) \
  static inline void sportstime_##name params { \
    typedef void (*function_t) params; \
    static function_t function = NULL; \
    if (function == NULL) function = (function_t)sportstime_pc_symbol(#name); \
    function args; \
  }

/* cairo-pdf.h */
SPORTSTIME_PC(cairo_surface_t *, cairo_pdf_surface_create_for_stream,
              (sportstime_pc_write_func write, void *closure, double width, double height),
              (write, closure, width, height))
/* metadata: 0 title, 1 author, 2 subject, 3 keywords, 4 creator,
   5 creation date, 6 modification date (cairo_pdf_metadata_t). */
SPORTSTIME_PC_VOID(cairo_pdf_surface_set_metadata, (cairo_surface_t * surface, int metadata, const char *utf8),
                   (surface, metadata, utf8))
/* cairo.h */
SPORTSTIME_PC_VOID(cairo_surface_finish, (cairo_surface_t * surface), (surface))
SPORTSTIME_PC_VOID(cairo_surface_destroy, (cairo_surface_t * surface), (surface))
SPORTSTIME_PC(int, cairo_surface_status, (cairo_surface_t * surface), (surface))
SPORTSTIME_PC(cairo_t *, cairo_create, (cairo_surface_t * target), (target))
SPORTSTIME_PC_VOID(cairo_destroy, (cairo_t * cr), (cr))
SPORTSTIME_PC(int, cairo_status, (cairo_t * cr), (cr))
SPORTSTIME_PC(const char *, cairo_status_to_string, (int status), (status))
SPORTSTIME_PC_VOID(cairo_show_page, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_save, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_restore, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_set_source_rgb, (cairo_t * cr, double red, double green, double blue),
                   (cr, red, green, blue))
SPORTSTIME_PC_VOID(cairo_set_line_width, (cairo_t * cr, double width), (cr, width))
/* join: 0 miter, 1 round, 2 bevel; cap: 0 butt, 1 round, 2 square. */
SPORTSTIME_PC_VOID(cairo_set_line_join, (cairo_t * cr, int join), (cr, join))
SPORTSTIME_PC_VOID(cairo_set_line_cap, (cairo_t * cr, int cap), (cr, cap))
SPORTSTIME_PC_VOID(cairo_set_dash, (cairo_t * cr, const double *dashes, int count, double offset),
                   (cr, dashes, count, offset))
SPORTSTIME_PC_VOID(cairo_move_to, (cairo_t * cr, double x, double y), (cr, x, y))
SPORTSTIME_PC_VOID(cairo_line_to, (cairo_t * cr, double x, double y), (cr, x, y))
SPORTSTIME_PC_VOID(cairo_close_path, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_new_path, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_new_sub_path, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_rectangle, (cairo_t * cr, double x, double y, double width, double height),
                   (cr, x, y, width, height))
SPORTSTIME_PC_VOID(cairo_arc, (cairo_t * cr, double xc, double yc, double radius, double angle1, double angle2),
                   (cr, xc, yc, radius, angle1, angle2))
SPORTSTIME_PC_VOID(cairo_fill, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_fill_preserve, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_stroke, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_clip, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(cairo_reset_clip, (cairo_t * cr), (cr))
/* rule: 0 winding, 1 even-odd. */
SPORTSTIME_PC_VOID(cairo_set_fill_rule, (cairo_t * cr, int rule), (cr, rule))
/* pangocairo.h, pango-layout.h, pango-font.h (sizes in Pango units: 1024
   per device unit, PANGO_SCALE) */
SPORTSTIME_PC(PangoLayout *, pango_cairo_create_layout, (cairo_t * cr), (cr))
SPORTSTIME_PC_VOID(pango_cairo_show_layout, (cairo_t * cr, PangoLayout *layout), (cr, layout))
SPORTSTIME_PC_VOID(pango_cairo_layout_path, (cairo_t * cr, PangoLayout *layout), (cr, layout))
SPORTSTIME_PC_VOID(pango_layout_set_text, (PangoLayout * layout, const char *text, int length),
                   (layout, text, length))
SPORTSTIME_PC_VOID(pango_layout_set_width, (PangoLayout * layout, int width), (layout, width))
/* height: in Pango units, or negative: at most that many lines (with
   ellipsize). */
SPORTSTIME_PC_VOID(pango_layout_set_height, (PangoLayout * layout, int height), (layout, height))
/* wrap: 0 word, 1 char, 2 word then char. */
SPORTSTIME_PC_VOID(pango_layout_set_wrap, (PangoLayout * layout, int wrap), (layout, wrap))
/* ellipsize: 0 none, 1 start, 2 middle, 3 end. */
SPORTSTIME_PC_VOID(pango_layout_set_ellipsize, (PangoLayout * layout, int mode), (layout, mode))
/* auto_dir: 1 (the default) takes each paragraph's direction from its
   first strong letter; 0 lays every paragraph out left to right. */
SPORTSTIME_PC_VOID(pango_layout_set_auto_dir, (PangoLayout * layout, int auto_dir), (layout, auto_dir))
SPORTSTIME_PC_VOID(pango_layout_set_font_description, (PangoLayout * layout, const PangoFontDescription *desc),
                   (layout, desc))
SPORTSTIME_PC_VOID(pango_layout_set_single_paragraph_mode, (PangoLayout * layout, int setting), (layout, setting))
SPORTSTIME_PC_VOID(pango_layout_get_size, (PangoLayout * layout, int *width, int *height), (layout, width, height))
SPORTSTIME_PC(int, pango_layout_get_baseline, (PangoLayout * layout), (layout))
SPORTSTIME_PC(int, pango_layout_get_line_count, (PangoLayout * layout), (layout))
SPORTSTIME_PC(PangoFontDescription *, pango_font_description_from_string, (const char *text), (text))
SPORTSTIME_PC_VOID(pango_font_description_set_absolute_size, (PangoFontDescription * desc, double size),
                   (desc, size))
/* weight: 400 normal, 700 bold (PangoWeight). */
SPORTSTIME_PC_VOID(pango_font_description_set_weight, (PangoFontDescription * desc, int weight), (desc, weight))
SPORTSTIME_PC_VOID(pango_font_description_free, (PangoFontDescription * desc), (desc))
SPORTSTIME_PC_VOID(g_object_unref, (void *object), (object))

#endif
