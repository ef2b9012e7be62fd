/*
 * SM2 ciphertext encodings (include/cryptobench/sm2.h): a strict DER
 * reader and writer for the GM/T 0009 SEQUENCE and the two raw orders.
 */
#include "cryptobench/sm2.h"

#include <string.h>

#define COORD 32
#define HASH 32

#define TAG_INTEGER 0x02
#define TAG_OCTET_STRING 0x04
#define TAG_SEQUENCE 0x30

/* Bytes a DER length field takes for a content of n bytes. */
static size_t der_len_size(size_t n)
{
	size_t k = 1;
	if (n < 0x80)
		return 1;
	while (n) {
		k++;
		n >>= 8;
	}
	return k;
}

/* Total size of a TLV with n content bytes; 0 on overflow. */
static size_t der_tlv_size(size_t n)
{
	size_t h = 1 + der_len_size(n);
	return n > SIZE_MAX - h ? 0 : n + h;
}

static uint8_t *der_put_header(uint8_t *p, uint8_t tag, size_t n)
{
	size_t k = der_len_size(n);
	*p++ = tag;
	if (k == 1) {
		*p++ = (uint8_t)n;
		return p;
	}
	*p++ = (uint8_t)(0x80 | (k - 1));
	for (size_t i = k - 1; i > 0; i--)
		*p++ = (uint8_t)(n >> (8 * (i - 1)));
	return p;
}

/* Minimal two's-complement content length of a non-negative 32-byte integer. */
static size_t der_int_content(const uint8_t v[COORD], size_t *skip)
{
	size_t i = 0;
	while (i < COORD - 1 && v[i] == 0)
		i++;
	*skip = i;
	return (COORD - i) + ((v[i] & 0x80) ? 1 : 0);
}

static uint8_t *der_put_int(uint8_t *p, const uint8_t v[COORD])
{
	size_t skip, n = der_int_content(v, &skip);
	p = der_put_header(p, TAG_INTEGER, n);
	if (n > COORD - skip)
		*p++ = 0;
	memcpy(p, v + skip, COORD - skip);
	return p + (COORD - skip);
}

/*
 * Read one TLV header with the expected tag at in[*pos..end).  Definite,
 * minimal lengths only.  On success *pos is at the content and *len is its
 * length, which fits before end.
 */
static int der_get_header(const uint8_t *in, size_t end, size_t *pos, uint8_t tag, size_t *len)
{
	size_t p = *pos, n, k;
	if (p >= end || in[p] != tag)
		return CB_ERR_FORMAT;
	p++;
	if (p >= end)
		return CB_ERR_FORMAT;
	if (in[p] < 0x80) {
		n = in[p++];
	} else {
		k = in[p++] & 0x7f;
		/* 0x80 is the BER indefinite form; a leading 00 is not minimal. */
		if (k == 0 || k > sizeof(size_t) || k > end - p || in[p] == 0)
			return CB_ERR_FORMAT;
		n = 0;
		while (k--)
			n = (n << 8) | in[p++];
		if (n < 0x80)
			return CB_ERR_FORMAT;
	}
	if (n > end - p)
		return CB_ERR_FORMAT;
	*pos = p;
	*len = n;
	return CB_OK;
}

/* A non-negative minimal INTEGER of at most 32 magnitude bytes, right-aligned into v. */
static int der_get_int(const uint8_t *in, size_t end, size_t *pos, uint8_t v[COORD])
{
	size_t n, p = *pos;
	int r = der_get_header(in, end, &p, TAG_INTEGER, &n);
	if (r)
		return r;
	if (n == 0 || (in[p] & 0x80))
		return CB_ERR_FORMAT; /* empty or negative */
	if (in[p] == 0 && n > 1) {
		if (!(in[p + 1] & 0x80))
			return CB_ERR_FORMAT; /* superfluous leading zero */
		p++;
		n--;
	}
	if (n > COORD)
		return CB_ERR_FORMAT;
	memset(v, 0, COORD - n);
	memcpy(v + COORD - n, in + p, n);
	*pos = p + n;
	return CB_OK;
}

static int parse_der(const uint8_t *in, size_t inlen, cb_sm2_ct_parts *pt)
{
	size_t pos = 0, n, end;
	int r = der_get_header(in, inlen, &pos, TAG_SEQUENCE, &n);
	if (r)
		return r;
	end = pos + n;
	if (end != inlen)
		return CB_ERR_FORMAT; /* trailing bytes */
	pt->buf[0] = 0x04;
	if ((r = der_get_int(in, end, &pos, pt->buf + 1)) || (r = der_get_int(in, end, &pos, pt->buf + 1 + COORD)))
		return r;
	pt->c1 = pt->buf;
	if ((r = der_get_header(in, end, &pos, TAG_OCTET_STRING, &n)))
		return r;
	if (n != HASH)
		return CB_ERR_FORMAT;
	pt->c3 = in + pos;
	pos += n;
	if ((r = der_get_header(in, end, &pos, TAG_OCTET_STRING, &n)))
		return r;
	pt->c2 = in + pos;
	pt->c2len = n;
	if (pos + n != end)
		return CB_ERR_FORMAT;
	return CB_OK;
}

static int parse_raw(cb_sm2_ct_format f, const uint8_t *in, size_t inlen, cb_sm2_ct_parts *pt)
{
	if (inlen < CB_SM2_RAW_OVERHEAD || in[0] != 0x04)
		return CB_ERR_FORMAT;
	pt->c1 = in;
	pt->c2len = inlen - CB_SM2_RAW_OVERHEAD;
	if (f == CB_SM2_C1C3C2) {
		pt->c3 = in + 1 + 2 * COORD;
		pt->c2 = pt->c3 + HASH;
	} else {
		pt->c2 = in + 1 + 2 * COORD;
		pt->c3 = pt->c2 + pt->c2len;
	}
	return CB_OK;
}

/* DER sizes: *seq_content is the SEQUENCE's content length. 0 on overflow. */
static size_t der_size(const cb_sm2_ct_parts *pt, size_t *seq_content)
{
	size_t skip, c2 = der_tlv_size(pt->c2len), n;
	if (!c2)
		return 0;
	n = der_tlv_size(der_int_content(pt->x, &skip)) +
	    der_tlv_size(der_int_content(pt->y, &skip)) + der_tlv_size(HASH);
	if (c2 > SIZE_MAX - n)
		return 0;
	n += c2;
	*seq_content = n;
	return der_tlv_size(n);
}

size_t cb_sm2_ct_size(cb_sm2_ct_format f, size_t mlen)
{
	size_t c2, n;
	switch (f) {
	case CB_SM2_C1C3C2:
	case CB_SM2_C1C2C3:
		return mlen > SIZE_MAX - CB_SM2_RAW_OVERHEAD ? 0 : mlen + CB_SM2_RAW_OVERHEAD;
	case CB_SM2_DER:
		c2 = der_tlv_size(mlen);
		n = 2 * der_tlv_size(COORD + 1) + der_tlv_size(HASH);
		if (!c2 || c2 > SIZE_MAX - n)
			return 0;
		return der_tlv_size(c2 + n);
	}
	return 0;
}

int cb_sm2_ct_parse(cb_sm2_ct_format f, const uint8_t *in, size_t inlen, cb_sm2_ct_parts *pt)
{
	int r;

	if (!in || !pt)
		return CB_ERR_ARG;
	if (f == CB_SM2_DER)
		r = parse_der(in, inlen, pt);
	else if (f == CB_SM2_C1C3C2 || f == CB_SM2_C1C2C3)
		r = parse_raw(f, in, inlen, pt);
	else
		return CB_ERR_ARG;
	if (!r) {
		pt->x = pt->c1 + 1;
		pt->y = pt->c1 + 1 + COORD;
	}
	return r;
}

int cb_sm2_ct_write(const cb_sm2_ct_parts *pt, cb_sm2_ct_format to, uint8_t *out, size_t *outlen)
{
	size_t need, seq = 0;
	uint8_t *p;

	if (!pt || !out || !outlen)
		return CB_ERR_ARG;
	if (to == CB_SM2_DER)
		need = der_size(pt, &seq);
	else if (to == CB_SM2_C1C3C2 || to == CB_SM2_C1C2C3)
		need = cb_sm2_ct_size(to, pt->c2len);
	else
		return CB_ERR_ARG;
	if (!need)
		return CB_ERR_LENGTH;
	if (*outlen < need)
		return CB_ERR_LENGTH;

	p = out;
	if (to == CB_SM2_DER) {
		p = der_put_header(p, TAG_SEQUENCE, seq);
		p = der_put_int(p, pt->x);
		p = der_put_int(p, pt->y);
		p = der_put_header(p, TAG_OCTET_STRING, HASH);
		memcpy(p, pt->c3, HASH);
		p += HASH;
		p = der_put_header(p, TAG_OCTET_STRING, pt->c2len);
		memcpy(p, pt->c2, pt->c2len);
		p += pt->c2len;
	} else {
		*p++ = 0x04;
		memcpy(p, pt->x, COORD);
		memcpy(p + COORD, pt->y, COORD);
		p += 2 * COORD;
		if (to == CB_SM2_C1C3C2) {
			memcpy(p, pt->c3, HASH);
			memcpy(p + HASH, pt->c2, pt->c2len);
		} else {
			memcpy(p, pt->c2, pt->c2len);
			memcpy(p + pt->c2len, pt->c3, HASH);
		}
		p += HASH + pt->c2len;
	}
	*outlen = (size_t)(p - out);
	return CB_OK;
}

int cb_sm2_ct_convert(cb_sm2_ct_format from, const uint8_t *in, size_t inlen, cb_sm2_ct_format to,
		      uint8_t *out, size_t *outlen)
{
	cb_sm2_ct_parts pt;
	int r;

	if (!out || !outlen)
		return CB_ERR_ARG;
	if ((r = cb_sm2_ct_parse(from, in, inlen, &pt)) != 0)
		return r;
	return cb_sm2_ct_write(&pt, to, out, outlen);
}
