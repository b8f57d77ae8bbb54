//===- JsonObjectTest.cpp - the containers' JSON reader -------------------===//
//
// readJsonStringObject reads aliases.json (C1) with the reader that also
// reads safetensors headers: RFC 8259 syntax, strings decoded, nesting
// bounded, no JSON tree.
//
//===----------------------------------------------------------------------===//

#include "ng/Target/NativeGraph/Safetensors.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace ng;
using llvm::StringRef;

namespace {

using Pairs = std::vector<std::pair<std::string, std::optional<std::string>>>;

/// The pairs of `text`, or the error message in `error`.
Pairs read(StringRef text, std::string &error) {
  Pairs pairs;
  llvm::Error result = readJsonStringObject(
      text, "doc",
      [&](StringRef key, std::optional<StringRef> value) -> llvm::Error {
        pairs.emplace_back(key.str(),
                           value ? std::optional<std::string>(value->str())
                                 : std::nullopt);
        if (key == "fail")
          return llvm::createStringError("member says no");
        return llvm::Error::success();
      });
  error = result ? llvm::toString(std::move(result)) : "";
  return pairs;
}

/// The error message of reading `text` ("" if it is accepted).
std::string errorOf(StringRef text) {
  std::string error;
  read(text, error);
  return error;
}

TEST(JsonObject, PairsInDocumentOrder) {
  std::string error;
  Pairs pairs = read(R"( {"b" : "1", "a":"2" ,"b":"3"} )", error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(pairs, (Pairs{{"b", "1"}, {"a", "2"}, {"b", "3"}}));
  EXPECT_EQ(read("{}", error), Pairs{});
  EXPECT_EQ(error, "");
}

TEST(JsonObject, DecodesEscapes) {
  std::string error;
  Pairs pairs = read(
      R"({"\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t":"\u0041\u0000z", "\u20ac":""})",
      error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].first, "\xc3\xa9\xf0\x9f\x98\x80\n\"\\/\b\f\r\t");
  EXPECT_EQ(pairs[0].second, std::string("A\0z", 3));
  EXPECT_EQ(pairs[1].first, "\xe2\x82\xac");
  // UTF-8 is kept as it is.
  pairs = read("{\"\xc3\xa9\":\"\xe2\x82\xac\"}", error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(pairs, (Pairs{{"\xc3\xa9", "\xe2\x82\xac"}}));
}

TEST(JsonObject, OtherValuesAreNulloptAndSkipped) {
  std::string error;
  Pairs pairs = read(R"({"a":[1,-2.5e+3,{"x":null}],"b":true,"c":"d",)"
                     R"("e":{"f":[false,0,"g"]}})",
                     error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(pairs, (Pairs{{"a", std::nullopt},
                          {"b", std::nullopt},
                          {"c", "d"},
                          {"e", std::nullopt}}));
  // The member's error stops the reading.
  pairs = read(R"({"fail":1,"later":"x"})", error);
  EXPECT_EQ(error, "member says no");
  EXPECT_EQ(pairs, (Pairs{{"fail", std::nullopt}}));
}

TEST(JsonObject, RejectsWhatIsNotAnObject) {
  EXPECT_EQ(errorOf(""), "doc is not valid JSON: it is empty");
  EXPECT_EQ(errorOf("  \n"), "doc is not valid JSON: unexpected end at byte 3");
  EXPECT_EQ(errorOf("[]"), "doc is not a JSON object");
  EXPECT_EQ(errorOf(R"("a")"), "doc is not a JSON object");
  EXPECT_EQ(errorOf("7"), "doc is not a JSON object");
  EXPECT_EQ(errorOf("x"),
            "doc is not valid JSON: unexpected character at byte 0");
}

TEST(JsonObject, RejectsBadSyntax) {
  EXPECT_EQ(errorOf(R"({"a":"b"} x)"),
            "doc is not valid JSON: unexpected character after the document "
            "at byte 10");
  EXPECT_EQ(errorOf(std::string("{}\0", 3)),
            "doc is not valid JSON: unexpected character after the document "
            "at byte 2");
  EXPECT_EQ(errorOf(R"({"a":"b",})"),
            "doc is not valid JSON: expected a string key at byte 9");
  EXPECT_EQ(errorOf(R"({a:"b"})"),
            "doc is not valid JSON: expected a string key at byte 1");
  EXPECT_EQ(errorOf(R"({"a" "b"})"),
            "doc is not valid JSON: expected ':' at byte 5");
  EXPECT_EQ(errorOf(R"({"a":"b")"),
            "doc is not valid JSON: expected ',' or '}' at byte 8");
  EXPECT_EQ(errorOf(R"({"a":)"),
            "doc is not valid JSON: unexpected end at byte 5");
  EXPECT_EQ(errorOf(R"({"a)"),
            "doc is not valid JSON: unterminated string at byte 3");
  EXPECT_EQ(errorOf(R"({"a":[1 2]})"),
            "doc is not valid JSON: expected ',' or ']' at byte 8");
  EXPECT_EQ(errorOf(R"({"a":tru})"),
            "doc is not valid JSON: unexpected character at byte 5");
  EXPECT_EQ(errorOf(R"({"a":nul)"),
            "doc is not valid JSON: unexpected character at byte 5");
}

TEST(JsonObject, RejectsBadNumbers) {
  // Leading zeros, a lone sign, an empty fraction or exponent.
  EXPECT_EQ(errorOf(R"({"a":01})"),
            "doc is not valid JSON: expected ',' or '}' at byte 6");
  EXPECT_EQ(errorOf(R"({"a":-})"),
            "doc is not valid JSON: expected a digit at byte 6");
  EXPECT_EQ(errorOf(R"({"a":1.})"),
            "doc is not valid JSON: expected a digit at byte 7");
  EXPECT_EQ(errorOf(R"({"a":1e+})"),
            "doc is not valid JSON: expected a digit at byte 8");
  EXPECT_EQ(errorOf(R"({"a":+1})"),
            "doc is not valid JSON: unexpected character at byte 5");
  EXPECT_EQ(errorOf(R"({"a":[-0, 0.5, 1E9, 18446744073709551616]})"), "");
}

TEST(JsonObject, RejectsBadStrings) {
  EXPECT_EQ(errorOf("{\"\xff\":\"\"}"),
            "doc is not valid JSON: invalid UTF-8 in a string at byte 2");
  EXPECT_EQ(errorOf("{\"ok\xc3\":\"\"}"),
            "doc is not valid JSON: invalid UTF-8 in a string at byte 4");
  EXPECT_EQ(errorOf("{\"a\nb\":\"\"}"),
            "doc is not valid JSON: unescaped control character in a string "
            "at byte 3");
  EXPECT_EQ(errorOf(R"({"\x":""})"),
            "doc is not valid JSON: invalid escape in a string at byte 3");
  EXPECT_EQ(errorOf(R"({"\u12":""})"),
            "doc is not valid JSON: expected four hex digits in a \\u escape "
            "at byte 6");
  EXPECT_EQ(errorOf(R"({"\ud800":""})"),
            "doc is not valid JSON: lone leading surrogate in a \\u escape at "
            "byte 8");
  EXPECT_EQ(errorOf(R"({"\ud800\u0041":""})"),
            "doc is not valid JSON: lone leading surrogate in a \\u escape at "
            "byte 14");
  EXPECT_EQ(errorOf(R"({"\udc00":""})"),
            "doc is not valid JSON: lone trailing surrogate in a \\u escape at "
            "byte 8");
}

TEST(JsonObject, BoundsNesting) {
  // The object is level 1: 127 arrays inside it reach the limit, 128 pass
  // it. Far deeper input is rejected just as fast, without recursing.
  auto nested = [](size_t arrays) {
    return "{\"a\":" + std::string(arrays, '[') + std::string(arrays, ']') +
           "}";
  };
  static_assert(kJsonMaxDepth == 128, "the cases below assume 128");
  EXPECT_EQ(errorOf(nested(127)), "");
  EXPECT_EQ(errorOf(nested(128)),
            "doc nests arrays and objects deeper than 128 levels");
  EXPECT_EQ(errorOf(nested(1000000)),
            "doc nests arrays and objects deeper than 128 levels");
  std::string objects;
  for (int i = 0; i < 1000000; ++i)
    objects += "{\"a\":";
  EXPECT_EQ(errorOf("{\"a\":" + objects),
            "doc nests arrays and objects deeper than 128 levels");
}

} // namespace
