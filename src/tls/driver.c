/*
 * The in-memory part of every TLS stack's classes (src/tls/driver.h): init
 * with the ClientHello recorded, the handshake of both sides stepped in
 * turn in the calling thread, the server op, the root in PEM.
 */
#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "tls/driver.h"

static cb_tls_base *base(cb_tls *t)
{
	return (cb_tls_base *)(void *)t;
}

static long sent(const cb_tls_ops *ops, void *conn)
{
	long in, out;
	ops->bytes(conn, &in, &out);
	return out;
}

static int waiting(int r)
{
	return r == CB_TLS_WANT_READ || r == CB_TLS_WANT_WRITE;
}

int cb_tls_drive_init(const cb_tls_class *cls, const cb_tls_ops *ops, size_t size, cb_tls **out)
{
	cb_tls *t = calloc(1, size);
	cb_tls_base *b = base(t);
	void *c = NULL, *s = NULL;
	size_t n;
	int rc;
	*out = NULL;
	if (!t)
		return CB_ERR_NOMEM;
	b->ops = ops;
	if ((rc = ops->prepare(t, cls->info.variant)) == 0) {
		/* a ClientHello of this client for the server op: the client's first flight */
		rc = ops->pair(t, &c, &s) ? CB_TLS_FAILED : ops->io(c, CB_TLS_HANDSHAKE, NULL, 0, &n);
		b->hello_len = waiting(rc) ? ops->take(s, b->hello, sizeof(b->hello)) : 0;
		ops->release(t, c);
		ops->release(t, s);
		rc = !b->hello_len || (ops->parts && ops->parts(t)) ? CB_ERR_BACKEND : 0;
	}
	if (rc) {
		cls->free(t);
		if (ops->error)
			ops->error(NULL, 0);
		return rc;
	}
	*out = t;
	return 0;
}

/* One step of a side not yet done (*done); *first takes what it has sent after its first (its first flight). -1 failed. */
static int side_step(const cb_tls_ops *ops, void *conn, int *done, long *first)
{
	size_t n;
	int r;
	if (*done)
		return 0;
	r = ops->io(conn, CB_TLS_HANDSHAKE, NULL, 0, &n);
	if (r != CB_TLS_DONE && !waiting(r))
		return -1;
	*done = r == CB_TLS_DONE;
	if (!*first)
		*first = sent(ops, conn);
	return 0;
}

int cb_tls_drive_handshake(cb_tls *t, cb_tls_wire *wire, cb_tls_params *params)
{
	const cb_tls_ops *ops = base(t)->ops;
	void *c = NULL, *s = NULL;
	int cdone = 0, sdone = 0, rc = CB_ERR_BACKEND;
	long hello = 0, flight = 0;
	if (ops->pair(t, &c, &s))
		goto out;
	/* TLS 1.3: three flights (ClientHello; ServerHello .. Finished; Finished); TLCP: four; a few spare */
	for (int i = 0; i < 8 && !(cdone && sdone); i++)
		if (side_step(ops, c, &cdone, &hello) || side_step(ops, s, &sdone, &flight))
			goto out;
	if (!cdone || !sdone)
		goto out;
	if (wire) {
		wire->client_bytes = sent(ops, c);
		wire->server_bytes = sent(ops, s);
		wire->client_hello = hello;
		wire->server_flight = flight;
	}
	if (params)
		ops->params(t, c, s, params);
	rc = 0;
out:
	ops->release(t, c);
	ops->release(t, s);
	if (rc && ops->error)
		ops->error(NULL, 0);
	return rc;
}

int cb_tls_drive_server(cb_tls *t)
{
	const cb_tls_ops *ops = base(t)->ops;
	void *s = ops->replay(t);
	size_t n;
	int rc;
	if (!s)
		return CB_ERR_NOMEM;
	/* the whole flight written, then waiting for the client's Finished */
	rc = waiting(ops->io(s, CB_TLS_HANDSHAKE, NULL, 0, &n)) && sent(ops, s) > 0 ? 0 : CB_ERR_BACKEND;
	ops->release(t, s);
	if (rc && ops->error)
		ops->error(NULL, 0);
	return rc;
}

size_t cb_tls_drive_root_pem(cb_tls *t, char *buf, size_t cap)
{
	char *pem = NULL;
	size_t len = 0;
	if (!base(t)->root_len || cb_pem_encode("CERTIFICATE", base(t)->root, base(t)->root_len, &pem, &len) != 0)
		return 0;
	if (len < cap) {
		memcpy(buf, pem, len);
		buf[len] = 0;
	}
	free(pem);
	return len < cap ? len : 0;
}
