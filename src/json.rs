//! A small JSON writer for what the wasm exports return: the wasm layer writes its views as
//! JSON text and `JSON.parse` reads them into plain JS objects and arrays (`wasm::to_js`). One
//! non-generic writer instead of serde and serde-wasm-bindgen, whose derive code and generic
//! serializers took about 13 KB of the wasm download (issue 15); the objects are the same:
//! keys in the order written, `null` for a missing value. Native builds compile it for its
//! tests only.

/// A JSON text being written. Values and keys are separated by commas as they come: a comma
/// goes before anything that does not open a container or follow a key.
#[derive(Default)]
pub struct Json {
    out: String,
}

/// A value that writes itself as JSON.
pub trait ToJson {
    fn write(&self, json: &mut Json);
}

impl Json {
    fn separate(&mut self) {
        if !matches!(self.out.as_bytes().last(), None | Some(b'{' | b'[' | b':')) {
            self.out.push(',');
        }
    }

    /// `{`; every [`Json::open`] is followed by its [`Json::close`].
    pub fn open(&mut self) -> &mut Json {
        self.separate();
        self.out.push('{');
        self
    }

    /// `}`.
    pub fn close(&mut self) {
        self.out.push('}');
    }

    /// An object key (any string: escaped as a string value is).
    pub fn key(&mut self, name: &str) -> &mut Json {
        self.str(name);
        self.out.push(':');
        self
    }

    /// A string, escaped as JSON requires: quotes, backslashes and control characters.
    pub fn str(&mut self, text: &str) {
        self.separate();
        self.out.push('"');
        for c in text.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\0'..='\x1f' => {
                    let hex = b"0123456789abcdef";
                    self.out.push_str("\\u00");
                    self.out.push(hex[c as usize >> 4] as char);
                    self.out.push(hex[c as usize & 15] as char);
                }
                _ => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    /// A string, or `null` for `None`.
    pub fn opt_str(&mut self, text: Option<&str>) {
        match text {
            Some(text) => self.str(text),
            None => self.raw("null"),
        }
    }

    /// A whole number (JS reads it as the nearest double, as `n as f64` gives).
    pub fn num(&mut self, n: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut rest = n;
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        self.separate();
        for &d in &digits[at..] {
            self.out.push(d as char);
        }
    }

    /// `true` or `false`.
    pub fn bool(&mut self, flag: bool) {
        self.raw(if flag { "true" } else { "false" });
    }

    fn raw(&mut self, text: &str) {
        self.separate();
        self.out.push_str(text);
    }

    /// An array of `items`.
    pub fn list<T: ToJson>(&mut self, items: &[T]) {
        self.separate();
        self.out.push('[');
        for item in items {
            item.write(self);
        }
        self.out.push(']');
    }

    /// The text written.
    pub fn text(&self) -> &str {
        &self.out
    }
}

impl ToJson for String {
    fn write(&self, json: &mut Json) {
        json.str(self);
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write(&self, json: &mut Json) {
        json.list(self);
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write(&self, json: &mut Json) {
        json.list(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_objects_lists_and_escapes() {
        let mut json = Json::default();
        json.open();
        json.key("a").str("x\"y\\z\n\u{1}é");
        json.key("b").opt_str(None);
        json.key("c").num(0);
        json.key("d").num(u64::MAX);
        json.key("e").list(&["p".to_string(), "q".to_string()]);
        json.key("f").bool(true);
        json.key("g").list::<String>(&[]);
        json.key("\"k\"").open().close();
        json.close();
        assert_eq!(
            json.text(),
            r#"{"a":"x\"y\\z\u000a\u0001é","b":null,"c":0,"d":18446744073709551615,"e":["p","q"],"f":true,"g":[],"\"k\"":{}}"#
        );
    }
}
