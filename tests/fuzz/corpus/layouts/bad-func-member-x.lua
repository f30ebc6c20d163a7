-- error: assets/layouts/func-member/x.lua:5: struct x, member 'f': a member cannot be a function; write a pointer to one: (*name)(...)
return {
  records = {
    { "struct x", {
      { "void f(int)" },
    } },
  },
}
