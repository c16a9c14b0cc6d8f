//! Enums stored as text: one macro gives each its words, `Display`,
//! `FromStr`, serde and sqlx encoding (on both backends, as `TEXT`), so a
//! word is spelled once, next to its variant.

/// A word that names no variant of the type it was read as.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{word}` is not a known {what}")]
pub struct UnknownWord {
    pub what: &'static str,
    pub word: String,
}

/// `text_enum!(Name, "what it is", { Variant => "word", … })` defines the
/// conversions of an enum declared next to it.
macro_rules! text_enum {
    ($name:ident, $what:literal, { $($variant:ident => $word:literal),+ $(,)? }) => {
        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The word stored and shown for it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::domain::UnknownWord;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($word => Ok($name::$variant),)+
                    other => Err($crate::domain::UnknownWord {
                        what: $what,
                        word: other.to_string(),
                    }),
                }
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let word = <::std::borrow::Cow<'de, str>>::deserialize(d)?;
                word.parse().map_err(::serde::de::Error::custom)
            }
        }

        impl<DB: ::sqlx::Database> ::sqlx::Type<DB> for $name
        where
            String: ::sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <String as ::sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <String as ::sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: ::sqlx::Database> ::sqlx::Encode<'q, DB> for $name
        where
            String: ::sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as ::sqlx::Database>::ArgumentBuffer,
            ) -> Result<::sqlx::encode::IsNull, ::sqlx::error::BoxDynError> {
                <String as ::sqlx::Encode<'q, DB>>::encode(self.as_str().to_string(), buf)
            }
        }

        impl<'r, DB: ::sqlx::Database> ::sqlx::Decode<'r, DB> for $name
        where
            String: ::sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as ::sqlx::Database>::ValueRef<'r>,
            ) -> Result<Self, ::sqlx::error::BoxDynError> {
                let word = <String as ::sqlx::Decode<'r, DB>>::decode(value)?;
                Ok(word.parse::<$name>()?)
            }
        }
    };
}

pub(crate) use text_enum;
