import { describe } from 'vitest';
import { itAnswers } from '../../test-support/answers';
import { redact, redactUrl } from './redact';

describe('redact', () => {
  itAnswers(redact, '%j becomes %j', [
    // National ID numbers, with or without spaces.
    ['id 01817010055 end', 'id [national-id] end'],
    ['018170 10055', '[national-id]'],
    ['018 170 100 55', '[national-id]'],
    // Phone numbers, with or without +47.
    ['call 91234567', 'call [phone]'],
    ['call +47 912 34 567 now', 'call [phone] now'],
    ['+4791234567', '[phone]'],
    // Digit runs of other lengths, neither an ID nor a phone number, are left alone.
    ['level 103', 'level 103'],
    ['year 2024', 'year 2024'],
    // Email addresses.
    ['mail kari.nordmann@example.no please', 'mail [email] please'],
    // Harmless text is left alone.
    ['eid', 'eid'],
    ['/innlogging/en/', '/innlogging/en/'],
  ]);
});

describe('redactUrl', () => {
  itAnswers(redactUrl, '%j becomes %j', [
    // Email addresses, also URL-encoded.
    ['/x?to=kari%40example.no', '/x?to=[email]'],
    // Tokens in mobile paths.
    ['/innlogging/mobileLogin/abc-123/password', '/innlogging/mobileLogin/[token]/password'],
    ['/innlogging/en/mobileSuccess/xyz', '/innlogging/en/mobileSuccess/[token]'],
    ['https://h/innlogging/mobileSuccessWithIDportenLogout/t0k?x=1', 'https://h/innlogging/mobileSuccessWithIDportenLogout/[token]?x=1'],
    ['mobileLogin/secret', 'mobileLogin/[token]'],
    // Token, code, state and kode query values, the rest kept.
    ['/a?token=s3cret&lang=en&code=abc&state=st#h', '/a?token=[token]&lang=en&code=[token]&state=[token]#h'],
    ['/innlogging/loginError?kode=IKKE_AUTORISERT', '/innlogging/loginError?kode=[token]'],
    ['/a?Token=x', '/a?Token=[token]'],
  ]);
});
