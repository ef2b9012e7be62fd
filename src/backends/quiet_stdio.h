/*
 * The silent stdio of a library built from an anchor (boringssl, gmssl):
 * its backend.cmake renames the library's calls of the stdio output
 * functions to <prefix>_fprintf and the others, and the adapter defines
 * them once with CB_QUIET_STDIO(prefix), so that the library never
 * prints.  Each pretends to succeed (the libraries ignore what they
 * return).
 */
#ifndef CB_BACKENDS_QUIET_STDIO_H
#define CB_BACKENDS_QUIET_STDIO_H

#include <stdarg.h>
#include <stdio.h>

#define CB_QUIET_STDIO(p)                                                        \
	int p##_fprintf(FILE *fp, const char *fmt, ...);                         \
	int p##_vfprintf(FILE *fp, const char *fmt, va_list ap);                 \
	int p##_printf(const char *fmt, ...);                                    \
	int p##_putchar(int c);                                                  \
	int p##_puts(const char *s);                                             \
	int p##_fputc(int c, FILE *fp);                                          \
	int p##_fputs(const char *s, FILE *fp);                                  \
	size_t p##_fwrite(const void *ptr, size_t size, size_t n, FILE *fp);     \
	void p##_perror(const char *s);                                          \
	int p##_fprintf(FILE *fp, const char *fmt, ...) { return 0; }            \
	int p##_vfprintf(FILE *fp, const char *fmt, va_list ap) { return 0; }    \
	int p##_printf(const char *fmt, ...) { return 0; }                       \
	int p##_putchar(int c) { return (unsigned char)c; }                      \
	int p##_puts(const char *s) { return 0; }                                \
	int p##_fputc(int c, FILE *fp) { return (unsigned char)c; }              \
	int p##_fputs(const char *s, FILE *fp) { return 0; }                     \
	size_t p##_fwrite(const void *ptr, size_t size, size_t n, FILE *fp) { return n; } \
	void p##_perror(const char *s) { (void)s; }

#endif
