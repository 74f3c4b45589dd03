"""
A message as Python's email package writes one (CRLF line ends, quoted-printable bodies,
multipart/related with a Content-ID picture, an RFC 2231 file name, a PDF, a forward), plus what
other mailers send that RFC 2046 does not foresee: a forward in base64, a message/global forward
(UTF-8 headers), a uuencoded attachment, pictures typed application/x-unknown and
binary/octet-stream, text/plain or no type at all, and quoted-printable whose soft breaks a mail
store turned into CR CR LF.

    python3 pythonMailer.py DIR

DIR holds the pictures (files png, jpeg, gif, png2). Writes DIR/message.eml and prints, as JSON,
Python's view of every picture of the message in part order (sha256, file name): image/* parts,
and parts of any other type whose bytes start like a PNG, JPEG or GIF, text only when it is sent as
a file (attached or named: a photo labelled text/plain, or untyped). Python does not
read a forward sent in base64 (it is no message to it), so that one is read from the bytes it encodes.
"""
import base64
import binascii
import email
import email.policy
import hashlib
import json
import os
import sys
from email.message import EmailMessage, MIMEPart
from email.utils import make_msgid

folder = sys.argv[1]
png, jpeg, gif, png2 = (open(os.path.join(folder, name), 'rb').read() for name in ('png', 'jpeg', 'gif', 'png2'))
smtp = email.policy.SMTP


def forward(subject, picture, name, subtype):
    inner = EmailMessage(policy=smtp)
    inner['From'] = 'c@example.org'
    inner['To'] = 'a@example.org'
    inner['Subject'] = subject
    inner.set_content('see the picture')
    inner.add_attachment(picture, 'image', subtype, filename=name)
    return inner


def raw_part(headers, body):
    part = MIMEPart(policy=smtp)
    for key, value in headers:
        part[key] = value
    part.set_payload(body)
    return part


m = EmailMessage(policy=smtp)
m['From'] = 'a@example.org'
m['To'] = 'b@example.org'
m['Subject'] = 'Pictures, as mailers send them'
m['Message-ID'] = make_msgid(domain='example.org')
m.set_content('Plain body ' + '\u00e9' * 80 + '\n', cte='quoted-printable')
cid = make_msgid(domain='example.org')
html = '<html><body><p>' + '\u00e9' * 80 + '</p><img src="cid:' + cid[1:-1] + '"></body></html>'
m.add_alternative(html, subtype='html', cte='quoted-printable')
m.get_payload()[1].add_related(jpeg, 'image', 'jpeg', cid=cid)
m.add_attachment(png, 'image', 'png', filename='Fot\u00f3 \u20ac \u65e5\u672c.png')
m.add_attachment(b'%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'application', 'pdf', filename='report.pdf')
m.add_attachment(png2, 'application', 'octet-stream', filename='scan.bin')
m.add_attachment(gif, 'image', 'gif', filename='quoted.gif', cte='quoted-printable')
m.add_attachment(jpeg, 'application', 'x-unknown', filename='photo.jpg')
m.add_attachment(forward('forwarded', gif, 'forwarded.gif', 'gif'))
m.attach(raw_part([('Content-Type', 'message/global')], forward('global', png, 'global.png', 'png').as_string()))
encoded = forward('encoded', jpeg, 'encoded.jpg', 'jpeg').as_bytes()
m.attach(
    raw_part(
        [('Content-Type', 'message/rfc822'), ('Content-Transfer-Encoding', 'base64')],
        base64.encodebytes(encoded).decode(),
    )
)
uu = ['begin 644 old.gif']
uu += [binascii.b2a_uu(gif[i : i + 45]).decode().rstrip('\n') for i in range(0, len(gif), 45)]
uu += ['`', 'end', '']
m.attach(raw_part([('Content-Type', 'image/gif; name="old.gif"'), ('Content-Transfer-Encoding', 'x-uuencode')], '\n'.join(uu)))
qp = binascii.b2a_qp(png2, istext=False).decode().replace('\r\n', '\n')
m.attach(raw_part([('Content-Type', 'image/png; name="doubled-cr.png"'), ('Content-Transfer-Encoding', 'quoted-printable')], qp))
m.attach(raw_part([('Content-Type', 'binary/octet-stream'), ('Content-Transfer-Encoding', 'base64')], base64.encodebytes(gif).decode()))
mislabelled = [('Content-Type', 'text/plain; name="mislabelled.jpg"'), ('Content-Transfer-Encoding', 'base64'), ('Content-Disposition', 'attachment; filename="mislabelled.jpg"')]
m.attach(raw_part(mislabelled, base64.encodebytes(jpeg).decode()))
m.attach(raw_part([('Content-Transfer-Encoding', 'base64'), ('Content-Disposition', 'attachment; filename="untyped.png"')], base64.encodebytes(png).decode()))
data = m.as_bytes()
at = data.index(b'name="doubled-cr.png"')
end = data.index(b'\r\n--', at)
data = data[:at] + data[at:end].replace(b'=\r\n', b'=\r\r\n') + data[end:]
with open(os.path.join(folder, 'message.eml'), 'wb') as out:
    out.write(data)

SIGNATURES = (b'\x89PNG\r\n\x1a\n', b'\xff\xd8\xff', b'GIF87a', b'GIF89a')


def pictures(message):
    for part in message.iter_parts() if message.is_multipart() else [message]:
        if part.get_content_maintype() == 'message':
            if part['Content-Transfer-Encoding'] == 'base64':
                yield from pictures(email.message_from_bytes(encoded, policy=email.policy.default))
            else:
                yield from pictures(part.get_payload(0))
        elif part.is_multipart():
            yield from pictures(part)
        else:
            payload = part.get_payload(decode=True) or b''
            kind = part.get_content_type()
            sent_as_file = part.get_content_disposition() == 'attachment' or part.get_filename() is not None
            text = kind.startswith('text/') and not sent_as_file
            if kind.startswith('image/') or (not text and payload.startswith(SIGNATURES)):
                yield {'sha256': hashlib.sha256(payload).hexdigest(), 'fileName': part.get_filename()}


print(json.dumps(list(pictures(email.message_from_bytes(data, policy=email.policy.default)))))
