-- Base types of the test set. Typedefs of every file are read before any record.
return {
  typedefs = {
    { "__u8", "unsigned char" },
    { "__u16", "unsigned short" },
    { "__u32", "unsigned int" },
    { "__u64", "unsigned long long" },
    { "spinlock_t", "struct spinlock_t" },
  },
  records = {
    { "struct list_head", {
      { "struct list_head *next" },
      { "struct list_head *prev" },
    } },
    { "struct spinlock_t", {
      { "volatile unsigned int lock" },
    } },
  },
}
